import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createPglite, openDatabase, wrapPglite, type DatabaseHandle } from '../db/client';

/**
 * One migrated database per test worker, emptied between tests. On PGlite it lives in
 * memory; on PostgreSQL each worker gets its own database next to TEST_DATABASE_URL's, so
 * workers never see each other's rows.
 */
let shared: Promise<DatabaseHandle> | undefined;

export function testDatabaseKind(): 'pglite' | 'postgresql' {
  return process.env.TEST_DB === 'postgresql' ? 'postgresql' : 'pglite';
}

export function getTestDatabase(): Promise<DatabaseHandle> {
  shared ??= createTestDatabase();
  return shared;
}

async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    // The run's migrated dump (integration-pglite-global.ts) when there is one; migrating
    // still runs, and finds nothing to do — or the newest migrations, should the dump lag.
    const template = process.env.VITEST ? (await import('vitest')).inject('pgliteTemplate') : undefined;
    const options = template ? { loadDataDir: new Blob([readFileSync(template)]) } : {};
    const handle = wrapPglite(await createPglite(undefined, options));
    await handle.migrate();
    return handle;
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgresql needs TEST_DATABASE_URL');
  const worker = process.env.VITEST_POOL_ID ?? '0';
  // The parent pid keeps two concurrent test runs on one server apart (and lets the global
  // teardown find them); the worker's own pid keeps apart two workers that Vitest gave the
  // same pool id at once (seen with several workers and two projects).
  const name = `regalo_test_${process.ppid}_w${worker}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgresql', url: url.toString() }, { poolSize: 5 });
  await handle.migrate();
  return handle;
}

/** Empties every application table (keeps the schema and migration history). */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  const result = await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const rows = (result as unknown as { rows: { tablename: string }[] }).rows;
  if (rows.length === 0) return;
  const list = rows.map((r) => `"${r.tablename}"`).join(', ');
  // A listening test server's background jobs (they start on listen) may be mid-transaction
  // when the next test resets: TRUNCATE locks every table in turn, the job's row locks meet it
  // in the other order, and PostgreSQL ends the deadlock by aborting one side. The job tries
  // again at its next tick by design; the reset tries again here. Any other error is thrown.
  for (let attempt = 1; ; attempt++) {
    try {
      await handle.db.execute(sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`));
      return;
    } catch (error) {
      if (attempt >= 5 || !isDeadlock(error)) throw error;
    }
  }
}

/** PostgreSQL's "deadlock detected" (SQLSTATE 40P01), as drizzle wraps it or bare. */
function isDeadlock(error: unknown): boolean {
  const code = (e: unknown) => (typeof e === 'object' && e !== null && 'code' in e ? (e as { code: unknown }).code : undefined);
  return code(error) === '40P01' || code((error as { cause?: unknown } | null)?.cause) === '40P01';
}

/**
 * Writes a copy of a PGlite database (the worker's, once seeded) to a data folder a server
 * process can open. A fresh folder costs a whole `initdb` (the slowest part of starting on
 * PGlite, many seconds on a busy machine); loading a dump skips it.
 */
export async function copyPgliteToFolder(handle: DatabaseHandle, dataDir: string): Promise<void> {
  if (handle.kind !== 'pglite') throw new Error('copyPgliteToFolder needs a PGlite database');
  const source = (handle.db as unknown as { $client: PGlite }).$client;
  const copy = await createPglite(dataDir, { loadDataDir: await source.dumpDataDir('none') });
  await copy.close();
}
