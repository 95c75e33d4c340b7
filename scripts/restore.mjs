#!/usr/bin/env node
/**
 * npm run restore -- <backup folder> [--force]
 *
 * Puts a backup made by `npm run backup` back: the database (DATABASE_URL's PostgreSQL
 * database, or DATA_DIR/pglite), the local files (DATA_DIR/files) and the auth secret.
 * Stop every server first: on PGlite a live server's lock on DATA_DIR/pglite makes it refuse,
 * naming that server (pid, address), and it holds the lock itself while it restores. Without --force it refuses to overwrite a database or files
 * folder that already holds something; with --force the current contents are replaced.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { claimFolder, describeServer, runningServer } from './running-server.mjs';

const env = process.env;
const args = process.argv.slice(2);
const force = args.includes('--force');
const from = args.find((a) => !a.startsWith('--'));
if (!from) fail('usage: npm run restore -- <backup folder> [--force]');
const dir = path.resolve(from);
const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
const dataDir = path.resolve(env.DATA_DIR ?? './data');

function fail(message) {
  console.error(`restore: ${message}`);
  process.exit(1);
}
const nonEmpty = (p) => existsSync(p) && readdirSync(p).length > 0;

const wanted = env.DATABASE_URL ? 'postgresql' : 'pglite';
if (manifest.database.kind !== wanted) {
  fail(`the backup holds a ${manifest.database.kind} database but this environment uses ${wanted} (DATABASE_URL ${env.DATABASE_URL ? 'set' : 'unset'})`);
}

if (wanted === 'postgresql') {
  const tables = execFileSync('psql', ['-Atc', "select count(*) from pg_tables where schemaname in ('public', 'drizzle')", env.DATABASE_URL]).toString().trim();
  if (tables !== '0' && !force) fail('the database is not empty; add --force to replace it');
  if (force) {
    // Whatever is there goes, including tables the backup does not know (a later migration).
    execFileSync('psql', ['-v', 'ON_ERROR_STOP=1', '-qc', 'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;', env.DATABASE_URL], { stdio: 'inherit' });
  }
  execFileSync('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', env.DATABASE_URL, path.join(dir, manifest.database.file)], { stdio: 'inherit' });
} else {
  const pgliteDir = path.join(dataDir, 'pglite');
  const server = runningServer(dataDir);
  if (server) fail(`${pgliteDir} is held by ${describeServer(server, dataDir)}: stop it first (a restore replaces the folder under it)`);
  if (nonEmpty(pgliteDir) && !force) fail(`${pgliteDir} is not empty; add --force to replace it`);
  const release = claimFolder(dataDir);
  process.on('exit', release);
  rmSync(pgliteDir, { recursive: true, force: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const dump = new Blob([readFileSync(path.join(dir, manifest.database.file))]);
  const db = await PGlite.create(pgliteDir, { loadDataDir: dump });
  await db.query('select 1');
  await db.close();
}

if (manifest.files.driver === 'local') {
  const filesDir = path.join(dataDir, 'files');
  if (nonEmpty(filesDir) && !force) fail(`${filesDir} is not empty; add --force to replace it`);
  rmSync(filesDir, { recursive: true, force: true });
  if (manifest.files.copied) cpSync(path.join(dir, 'files'), filesDir, { recursive: true });
} else {
  console.warn(`restore: files live in the S3 bucket ${manifest.files.bucket}; restore it with the bucket's own tools`);
}
if (manifest.authSecret) cpSync(path.join(dir, 'auth-secret'), path.join(dataDir, 'auth-secret'));
console.info(`restore: ${dir} restored (${manifest.database.kind})`);
