#!/usr/bin/env node
/**
 * npm run backup [-- <folder>]
 *
 * Writes one backup folder (default ./backups/regalo-<UTC timestamp>) holding:
 * - the database: `database.pgdump` (pg_dump's custom format) with DATABASE_URL, or
 *   `pglite.tar.gz` (PGlite's own dump of DATA_DIR/pglite) without it;
 * - the uploaded files of the local storage driver (DATA_DIR/files → files/);
 * - DATA_DIR/auth-secret when it exists (sessions stay valid after a restore);
 * - manifest.json: what is in it, when, from which version.
 * With S3_BUCKET set the files live in the bucket: they are NOT copied (use the bucket's own
 * versioning/replication); the manifest says so.
 *
 * PGlite is one process's database. While a server holds DATA_DIR/pglite (its lock file
 * names a live pid) the script does not open the folder: it asks that server to write the
 * backup (online, between two transactions; ADR 094) through the token the server left in
 * DATA_DIR, and refuses, naming the server, when the server cannot be asked. Without a
 * server it holds the lock itself while it dumps, so a server started meanwhile refuses.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { claimFolder, describeServer, runningServer } from './running-server.mjs';

const env = process.env;
const dataDir = path.resolve(env.DATA_DIR ?? './data');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(process.argv[2] ?? path.join('backups', `regalo-${stamp}`));
if (existsSync(out) && readdirNonEmpty(out)) fail(`${out} exists and is not empty`);

const server = env.DATABASE_URL ? null : runningServer(dataDir);
if (server) {
  if (!server.url || !server.token) {
    fail(`the database folder is held by ${describeServer(server, dataDir)}, which cannot be asked for a backup (not listening yet, or older than online backups); retry once it listens, or stop it first`);
  }
  let res;
  try {
    res = await fetch(server.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ folder: out }),
    });
  } catch (error) {
    fail(`the database folder is held by ${describeServer(server, dataDir)}, which did not answer (${error.cause?.code ?? error.message}); the folder was not opened`);
  }
  const answer = await res.json().catch(() => ({}));
  if (res.status !== 201) fail(`${describeServer(server, dataDir)} refused the backup: ${res.status} ${answer.code ?? ''} ${answer.detail ?? ''}`.trim());
  console.info(`backup: written by ${describeServer(server, dataDir)} to ${answer.folder} (online, ${answer.databaseBytes} bytes of database)`);
  process.exit(0);
}
mkdirSync(out, { recursive: true });

function readdirNonEmpty(dir) {
  return execFileSync('ls', ['-A', dir]).toString().trim() !== '';
}
function fail(message) {
  console.error(`backup: ${message}`);
  process.exit(1);
}

const manifest = { format: 1, createdAt: new Date().toISOString(), version: JSON.parse(readFileSync('package.json', 'utf8')).version };

if (env.DATABASE_URL) {
  // Custom format: compressed, and pg_restore can clean and recreate every object.
  execFileSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', path.join(out, 'database.pgdump'), env.DATABASE_URL], { stdio: 'inherit' });
  manifest.database = { kind: 'postgresql', file: 'database.pgdump' };
} else {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!existsSync(pgliteDir)) fail(`no database at ${pgliteDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  const release = claimFolder(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(pgliteDir);
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  release();
  writeFileSync(path.join(out, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  manifest.database = { kind: 'pglite', file: 'pglite.tar.gz' };
}

if (env.S3_BUCKET) {
  manifest.files = { driver: 's3', bucket: env.S3_BUCKET, copied: false };
  console.warn('backup: files are in the S3 bucket and were not copied; back the bucket up with its own tools');
} else {
  const filesDir = path.join(dataDir, 'files');
  if (existsSync(filesDir)) cpSync(filesDir, path.join(out, 'files'), { recursive: true });
  manifest.files = { driver: 'local', copied: existsSync(filesDir), dir: 'files' };
}
const secret = path.join(dataDir, 'auth-secret');
if (existsSync(secret)) cpSync(secret, path.join(out, 'auth-secret'));
manifest.authSecret = existsSync(secret);

writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.info(`backup: written to ${out}`);
