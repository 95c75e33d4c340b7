import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DurableNodeFS } from './db/durable-node-fs';
import { line, newKey } from './testing/checkout-test-world';
import { createBusiness, createGift, createUser, type CreatedUser } from './testing/factories';
import { createScratchDatabase, processClient, startServerProcess, type ServerProcess } from './testing/server-process';
import { copyPgliteToFolder, getTestDatabase, testDatabaseKind } from './testing/test-database';

const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 4);
const PUBLIC_URL = 'http://127.0.0.1:8080';

/**
 * ADR 056: a payment confirmed to a giver must be there after a crash. Each
 * round pays three checkouts at once and SIGKILLs the server the moment the first payment
 * is confirmed to the client; after every round, each payment that was confirmed must be
 * recorded as paid. (A SIGKILL leaves the operating system's cache in place; that the
 * commits also reach the disk — fsync — is checked on the data directory at the end.)
 */
describe('SIGKILL right after a payment is confirmed', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it(`keeps every confirmed payment over ${ROUNDS} kills`, async () => {
    const kind = testDatabaseKind();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-durable-'));
    let buyer!: CreatedUser;
    let giftId!: string;
    const seed = async (db: DatabaseHandle) => {
      buyer = await createUser(db.db, { email: `durable-${randomUUID()}@example.test` });
      const owner = await createUser(db.db, { userType: 'business' });
      giftId = (await createGift(db.db, { businessId: (await createBusiness(db.db, { ownerId: owner.id })).id, price: 2500 })).id;
    };
    let databaseEnv: Record<string, string> = {};
    let openData: () => Promise<DatabaseHandle>;
    if (kind === 'postgresql') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'regalo_durable');
      cleanup.push(() => scratch.drop());
      databaseEnv = { DATABASE_URL: scratch.url };
      openData = () => openDatabase({ kind: 'postgresql', url: scratch.url }, { poolSize: 1 });
      const db = await openData();
      await db.migrate();
      await seed(db);
      await db.close();
    } else {
      const folder = path.join(dataDir, 'pglite');
      openData = () => openDatabase({ kind: 'pglite', dataDir: folder });
      const worker = await getTestDatabase();
      await seed(worker);
      await copyPgliteToFolder(worker, folder);
    }
    const env = {
      ...databaseEnv,
      DATA_DIR: dataDir,
      AUTH_SECRET: `durability-${randomUUID()}`,
      PUBLIC_URL,
      PAYMENTS_PROVIDER: 'test',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      RATE_LIMIT: 'off',
    };
    const { call, signIn } = processClient(PUBLIC_URL);
    let server: ServerProcess | undefined;
    cleanup.push(async () => server?.kill());

    const confirmed: string[] = [];
    let cookie = '';
    for (let round = 0; round < ROUNDS; round++) {
      server = await startServerProcess(env);
      const running = server;
      if (round === 0) cookie = await signIn(running, buyer);
      const checkoutIds: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await call(running, '/api/checkouts', { cookie, body: { idempotencyKey: newKey(), lines: [line(giftId)], acceptedTermsVersion: TERMS_VERSION } });
        expect(res.status).toBe(201);
        checkoutIds.push(((await res.json()) as { id: string }).id);
      }
      let killed: Promise<void> | undefined;
      await Promise.allSettled(
        checkoutIds.map(async (id) => {
          const res = await call(running, `/api/payments/test/${id}/succeed`, { method: 'POST', cookie });
          if (res.status !== 200) return;
          confirmed.push(id);
          // The first confirmation the client sees: kill at once, before anything else runs.
          killed ??= running.kill();
        }),
      );
      await (killed ?? running.kill());
    }
    expect(confirmed.length).toBeGreaterThanOrEqual(ROUNDS);

    const db = await openData();
    try {
      const rows = (await db.db.execute(sql`select c.id, c.status,
          (select count(*) from orders o where o.checkout_id = c.id and o.status = 'paid')::int as paid_orders
        from checkouts c`)) as unknown as { rows: { id: string; status: string; paid_orders: number }[] };
      const byId = new Map(rows.rows.map((row) => [row.id, row]));
      for (const id of confirmed) expect(byId.get(id), id).toMatchObject({ status: 'succeeded', paid_orders: 1 });

      if (kind === 'pglite') {
        // And the commits reach the disk: PostgreSQL runs with fsync on and syncs each commit.
        const settings = (await db.db.execute(sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`)) as unknown as {
          rows: { fsync: string; method: string }[];
        };
        expect(settings.rows[0]).toEqual({ fsync: 'on', method: 'fsync' });
        const fs = (db.db as unknown as { $client: PGlite & { fs: unknown } }).$client.fs;
        expect(fs).toBeInstanceOf(DurableNodeFS);
        const before = (fs as DurableNodeFS).fsyncs;
        await db.db.execute(sql`update checkouts set status = status where id = ${confirmed[0]!}`);
        expect((fs as DurableNodeFS).fsyncs).toBeGreaterThan(before);
      }
    } finally {
      await db.close();
    }
    // Each round starts a server (PGlite compiles its WASM): seconds each on a busy machine.
  }, 300_000);
});
