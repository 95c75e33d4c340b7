import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, madridMonthBounds, madridMonthOf } from '@shared/domain/statement-month';
import { openDatabase, type Database } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { recordOrderRefund } from '../ledger/record-payment';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createScratchDatabase, startServerProcess, waitFor, type ServerProcess } from '../../testing/server-process';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { createClock, invoicedShop, invoiceInvariants } from './invoice-test-world';
import { issueDueInvoices } from './issue-due-invoices';

const WORKERS = 4;
const SHOPS = 12;
const FIRST_OF_NOVEMBER = new Date('2026-10-31T23:30:00Z');

/**
 * Several servers run the invoicing job at the same moment, and a server is killed while it
 * issues. The claims are about concurrent transactions and connections dying, so they are
 * tested on PostgreSQL (PGlite has one connection: every transaction runs alone).
 */
describe.runIf(testDatabaseKind() === 'postgresql')('invoicing with several servers (PostgreSQL)', () => {
  const clock = createClock(FIRST_OF_NOVEMBER);
  let t: TestApp;
  let pools: pg.Pool[];
  let workers: Database[];

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const { connectionString } = (t.database.db as unknown as { $client: pg.Pool }).$client.options;
    pools = Array.from({ length: WORKERS }, () => new pg.Pool({ connectionString, max: 2 }));
    workers = pools.map((pool) => drizzle(pool) as unknown as Database);
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await t.close();
  });

  it(`${WORKERS} workers issuing at once give each business one invoice, gapless numbers and one linear chain`, async () => {
    const shops = [];
    for (let i = 0; i < SHOPS; i++) {
      const shop = await invoicedShop(t);
      await shop.sell(new Date('2026-10-05T10:00:00Z'));
      if (i % 2 === 0) await shop.sell(new Date('2026-10-20T10:00:00Z'));
      shops.push(shop);
    }
    const mine = new Set(shops.map((s) => s.business.id));
    const runs = await Promise.all(workers.map((db) => issueDueInvoices({ ...t.app.ctx, db })));
    const issued = runs.flatMap((r) => r.issued).filter((i) => mine.has(i.businessId));
    expect(issued).toHaveLength(SHOPS);
    expect(new Set(issued.map((i) => i.businessId)).size).toBe(SHOPS);
    expect(await invoiceInvariants(t.database.db)).toMatchObject({ problems: [] });

    // Half the shops refund an October order on 3 November: one R1 each, whoever issues it.
    clock.set(new Date('2026-11-03T10:00:00Z'));
    for (const shop of shops.slice(0, SHOPS / 2)) {
      const [order] = await t.database.db.select().from(orders).where(sql`${orders.businessId} = ${shop.business.id}`).limit(1);
      await recordOrderRefund(t.database.db, { ...order!, commissionAmount: order!.commissionAmount!, commissionVatAmount: order!.commissionVatAmount!, netAmount: order!.netAmount! }, { refundRef: null, at: clock.now() });
    }
    const second = await Promise.all(workers.map((db) => issueDueInvoices({ ...t.app.ctx, db })));
    const corrections = second.flatMap((r) => r.issued).filter((i) => mine.has(i.businessId));
    expect(corrections.map((c) => c.type)).toEqual(Array(SHOPS / 2).fill('R1'));
    expect(new Set(corrections.map((c) => c.businessId)).size).toBe(SHOPS / 2);
    expect(await invoiceInvariants(t.database.db)).toMatchObject({ problems: [] });
  });
});

const BUSINESSES = 120;
const KILLS = 3;

describe.runIf(testDatabaseKind() === 'postgresql')('SIGKILL while issuing invoices (PostgreSQL)', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it(`leaves no half invoice, no gap and no broken chain after ${KILLS} kills mid-run`, async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'regalo_invoice_crash');
    cleanup.push(() => scratch.drop());
    const data = await openDatabase({ kind: 'postgresql', url: scratch.url }, { poolSize: 2 });
    cleanup.push(() => data.close());
    await data.migrate();

    // Last month (for the server's real clock) has one sale at each of many businesses, so a
    // run issues many invoices, one transaction each, and a kill lands in the middle of it.
    const lastMonth = addMonths(madridMonthOf(new Date()), -1);
    const paidAt = new Date(madridMonthBounds(lastMonth).from.getTime() + 3 * 24 * 60 * 60 * 1000);
    const buyer = await createUser(data.db);
    for (let i = 0; i < BUSINESSES; i++) {
      const owner = await createUser(data.db, { userType: 'business' });
      const business = await createBusiness(data.db, { ownerId: owner.id, commissionRate: 10, legalName: `Comercio ${i} S.L.`, fiscalAddress: `Carrer de Sueca ${i + 1}, 46006 València` });
      const gift = await createGift(data.db, { businessId: business.id, price: 2500 });
      await createOrder(data.db, { buyerId: buyer.id, giftId: gift.id, status: 'paid', createdAt: new Date(paidAt.getTime() - 60_000), paidAt, now: paidAt });
    }

    const env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'regalo-invoice-crash-')),
      AUTH_SECRET: `invoice-crash-${randomUUID()}`,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      RATE_LIMIT: 'off',
    };
    const count = async () => Number(((await data.db.execute(sql`select count(*)::int as n from invoices`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    let server: ServerProcess | undefined;
    cleanup.push(async () => server?.kill());

    let killedMidRun = 0;
    for (let round = 0; round < KILLS; round++) {
      const before = await count();
      server = await startServerProcess(env);
      // The job runs as the server starts listening; kill it once it has issued a few more.
      await waitFor(count, (n) => n >= Math.min(BUSINESSES, before + 5 + round * 7), 60_000, 5);
      await server.kill();
      const after = await count();
      if (after < BUSINESSES) killedMidRun += 1;
      expect(await invoiceInvariants(data.db), `after kill ${round + 1}`).toMatchObject({ problems: [] });
    }
    // At least one kill landed before the run was over (a kill after it would prove nothing).
    expect(killedMidRun).toBeGreaterThan(0);

    // A last start finishes the job: every business invoiced once, all invariants hold.
    server = await startServerProcess(env);
    await waitFor(count, (n) => n >= BUSINESSES, 60_000, 20);
    await server.stop();
    const final = await invoiceInvariants(data.db);
    expect(final).toEqual({ problems: [], invoices: BUSINESSES });
    // Four server starts and 120 businesses: well over the default 30 s on a busy machine.
  }, 180_000);
});
