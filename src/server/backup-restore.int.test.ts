import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createBusiness, createGift, createOrder, createUser } from './testing/factories';
import { createScratchDatabase } from './testing/server-process';
import { testDatabaseKind } from './testing/test-database';

/** `npm run backup`, wipe, `npm run restore`: the same rows and files as before (ADR 036). */
const run = promisify(execFile);

/** Every table's rows as one digest each (migration history included). */
async function snapshot(db: DatabaseHandle): Promise<Record<string, string>> {
  const tables = (await db.db.execute(
    sql`select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const [schema, table] = name.split('.');
    const result = (await db.db.execute(
      sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${schema}"."${table}" t`),
    )) as unknown as { rows: { n: number; digest: string }[] };
    out[name] = `${result.rows[0]!.n}:${result.rows[0]!.digest}`;
  }
  return out;
}

function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

describe('npm run backup / npm run restore', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it(`restores a wiped ${testDatabaseKind()} database and its files to exactly what was backed up`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-backup-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    delete env.S3_BUCKET;
    let open: () => Promise<DatabaseHandle>;
    let wipeDatabase: () => Promise<void>;
    if (testDatabaseKind() === 'postgresql') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'regalo_backup');
      cleanup.push(() => scratch.drop());
      env.DATABASE_URL = scratch.url;
      open = () => openDatabase({ kind: 'postgresql', url: scratch.url }, { poolSize: 1 });
      wipeDatabase = async () => {
        const db = await open();
        await db.db.execute(sql`drop schema public cascade; drop schema drizzle cascade; create schema public`);
        await db.close();
      };
    } else {
      open = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      wipeDatabase = async () => rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    }

    const db = await open();
    await db.migrate();
    const buyer = await createUser(db.db, { email: 'backup-buyer@example.test' });
    const owner = await createUser(db.db, { userType: 'business' });
    const business = await createBusiness(db.db, { ownerId: owner.id, name: 'Horno de Ruzafa' });
    const gift = await createGift(db.db, { businessId: business.id, name: 'Coca de llanda', price: 1250 });
    await createOrder(db.db, { buyerId: buyer.id, giftId: gift.id });
    await createOrder(db.db, { buyerId: buyer.id, giftId: gift.id, status: 'redeemed' });
    const before = await snapshot(db);
    await db.close();
    mkdirSync(path.join(dataDir, 'files', 'business-images', 'ab'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'business-images', 'ab', 'photo.webp'), Buffer.from([1, 2, 3, 4, 250]));
    writeFileSync(path.join(dataDir, 'files', 'document.pdf'), '%PDF-1.7 not really');
    writeFileSync(path.join(dataDir, 'auth-secret'), 'a-secret-that-must-come-back-0123456789');
    const filesBefore = filesOf(path.join(dataDir, 'files'));

    const backup = path.join(mkdtempSync(path.join(tmpdir(), 'regalo-backup-out-')), 'b1');
    await run(process.execPath, ['scripts/backup.mjs', backup], { env });
    const manifest = JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ database: { kind: testDatabaseKind() }, files: { driver: 'local', copied: true }, authSecret: true });

    await wipeDatabase();
    rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });
    rmSync(path.join(dataDir, 'auth-secret'));

    await run(process.execPath, ['scripts/restore.mjs', backup], { env });
    const restored = await open();
    try {
      expect(await snapshot(restored)).toEqual(before);
      // Migrations see the restored history: nothing to run, nothing fails.
      await restored.migrate();
      expect(filesOf(path.join(dataDir, 'files'))).toEqual(filesBefore);
      expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe('a-secret-that-must-come-back-0123456789');
    } finally {
      await restored.close();
    }

    // A second restore onto live data is refused without --force, and changes nothing.
    await expect(run(process.execPath, ['scripts/restore.mjs', backup], { env })).rejects.toThrow(/not empty/);
    await run(process.execPath, ['scripts/restore.mjs', backup, '--force'], { env });
    const again = await open();
    try {
      expect(await snapshot(again)).toEqual(before);
    } finally {
      await again.close();
    }
  }, 240_000);
});
