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
 * PGlite is one process's database: stop the server first (the script refuses a folder
 * another process holds only as far as PGlite notices; do not run both at once).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const env = process.env;
const dataDir = path.resolve(env.DATA_DIR ?? './data');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(process.argv[2] ?? path.join('backups', `regalo-${stamp}`));
if (existsSync(out) && readdirNonEmpty(out)) fail(`${out} exists and is not empty`);
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
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(pgliteDir);
  const dump = await db.dumpDataDir('gzip');
  await db.close();
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
