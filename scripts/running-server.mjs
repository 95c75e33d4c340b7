/**
 * For `npm run backup` and `npm run restore` on PGlite: which server, if any, holds the
 * database folder. The server keeps `<DATA_DIR>/pglite.lock` with its pid while it runs
 * (src/server/db/pglite-data-dir.ts), and once it listens `<DATA_DIR>/backup-endpoint.json`
 * with its address and the token that lets this machine's operator ask it for a backup
 * (ADR 094).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const lockFileOf = (dataDir) => `${path.join(dataDir, 'pglite')}.lock`;

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return error.code === 'EPERM';
  }
}

/** `{ pid, host?, port?, url?, token? }` of the live process holding the folder, or null. */
export function runningServer(dataDir) {
  const lockFile = lockFileOf(dataDir);
  if (!existsSync(lockFile)) return null;
  const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
  let endpoint = {};
  try {
    endpoint = JSON.parse(readFileSync(path.join(dataDir, 'backup-endpoint.json'), 'utf8'));
  } catch {
    // Not listening yet, or an older server: the pid is all there is to say.
  }
  return endpoint.pid === pid ? { ...endpoint, pid } : { pid };
}

/** "the server with pid 123 listening on 127.0.0.1:3000 (DATA_DIR/pglite.lock)" */
export function describeServer(server, dataDir) {
  const where = server.port ? ` listening on ${server.host}:${server.port}` : '';
  return `the server with pid ${server.pid}${where} (${lockFileOf(dataDir)})`;
}

/**
 * Holds the folder for this script while it works, so a server started meanwhile refuses
 * it; returns the release. The caller has checked that no live process holds it.
 */
export function claimFolder(dataDir) {
  const lockFile = lockFileOf(dataDir);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile, `${process.pid}\n`);
  return () => {
    if (existsSync(lockFile) && readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile, { force: true });
  };
}
