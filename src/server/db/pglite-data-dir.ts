import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync, fsyncSync } from 'node:fs';
import path from 'node:path';

/**
 * Prepares PGlite's data directory before PGlite touches it (ADR 056).
 *
 * - A folder the server cannot write gave "PGlite failed to initialize properly", naming
 *   neither the path nor the cause: it is tried first (a small file written, synced and
 *   removed), and the error says which folder and why.
 * - PGlite writes PostgreSQL's `postmaster.pid` with a made-up pid (-42), so a lock left by a
 *   process that died cannot be told from a live one, and an empty one (a crash while the
 *   disk failed) stopped every later start. The server keeps its own lock beside the folder,
 *   `<folder>.lock` with its real pid: when no live process holds that, the folder is free,
 *   and a `postmaster.pid` in it is stale and removed.
 *
 * Returns a function that releases the lock (at close).
 */
export function claimPgliteDataDir(dataDir: string, log: (message: string) => void = (message) => console.warn(message)): () => void {
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-check-${process.pid}`);
    const fd = openSync(probe, 'w');
    try {
      writeSync(fd, 'ok');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    rmSync(probe);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new Error(`the database folder ${dataDir} is not writable (${code ?? message}): check the disk and DATA_DIR`, { cause: error });
  }

  const lockFile = `${dataDir}.lock`;
  const holder = existsSync(lockFile) ? Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10) : NaN;
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
    throw new Error(`the database folder ${dataDir} is in use by process ${holder} (${lockFile}); PGlite serves one process only`);
  }
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    rmSync(pidFile);
    log(`removed the stale ${pidFile} left by a process that no longer runs`);
  }
  writeFileSync(lockFile, `${process.pid}\n`);
  return () => {
    // Only ours: a later process may have taken it over after this one was declared dead.
    if (existsSync(lockFile) && readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile, { force: true });
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
