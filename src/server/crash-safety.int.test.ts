import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/client';
import { line, newKey } from './features/checkout/checkout-test-world';
import { createBusiness, createGift, createOrder, createUser, type CreatedUser } from './testing/factories';
import { cookiesOf, createScratchDatabase, startServerProcess, type ServerProcess } from './testing/server-process';
import { testDatabaseKind } from './testing/test-database';

/**
 * Issue 14: SIGKILL the server at random moments while checkouts are created and paid and
 * gifts are redeemed, restart it on the same data, and check that nothing is half written
 * and no email is lost or sent twice. On the database this project runs on: a PGlite data
 * folder (which must reopen after every kill) or a fresh PostgreSQL database.
 */
// Each round restarts the server (seconds on a busy machine; PGlite compiles its WASM each
// time): a handful keeps the test short; CRASH_ROUNDS=20 for a longer soak.
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? (testDatabaseKind() === 'pglite' ? 4 : 5));
const PUBLIC_URL = 'http://127.0.0.1:8080';

async function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type Row = Record<string, number>;
async function one(db: DatabaseHandle, query: ReturnType<typeof sql>): Promise<Row> {
  const result = (await db.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows[0]!;
}

describe('SIGKILL during checkouts, payments and redemptions', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it(`leaves no half-written checkout, order, payment, redemption or email after ${ROUNDS} kills`, async () => {
    const kind = testDatabaseKind();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-crash-'));
    let databaseEnv: Record<string, string> = {};
    let openData: () => Promise<DatabaseHandle>;
    if (kind === 'postgresql') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'regalo_crash');
      cleanup.push(() => scratch.drop());
      databaseEnv = { DATABASE_URL: scratch.url };
      openData = () => openDatabase({ kind: 'postgresql', url: scratch.url }, { poolSize: 2 });
    } else {
      // The server's own folder: only one process may hold it, so the test opens it in between.
      openData = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    }

    // Accounts, a shop and paid gifts to redeem, written before the server first starts.
    let buyer: CreatedUser;
    let owner: CreatedUser;
    let giftIds: string[];
    const toRedeem: string[] = [];
    {
      const db = await openData();
      await db.migrate();
      buyer = await createUser(db.db, { email: `crash-buyer-${randomUUID()}@example.test` });
      owner = await createUser(db.db, { userType: 'business', email: `crash-owner-${randomUUID()}@example.test` });
      const business = await createBusiness(db.db, { ownerId: owner.id });
      giftIds = [
        (await createGift(db.db, { businessId: business.id, price: 2500 })).id,
        (await createGift(db.db, { businessId: business.id, price: 4000 })).id,
      ];
      for (let i = 0; i < ROUNDS * 3; i++) toRedeem.push((await createOrder(db.db, { buyerId: buyer.id, giftId: giftIds[i % 2]! })).id);
      await db.close();
    }

    const smtp = await startSmtp();
    cleanup.push(() => smtp.close());
    const env = {
      ...databaseEnv,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      AUTH_SECRET: `crash-safety-${randomUUID()}`,
      PUBLIC_URL,
      PAYMENTS_PROVIDER: 'test',
      // Startup (migrations, PGlite's WASM) stalls the loop on a busy machine; shedding is tested elsewhere.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      RATE_LIMIT: 'off',
    };
    let server: ServerProcess | undefined;
    cleanup.push(async () => server?.kill());

    const call = (pathname: string, cookie: string, body?: unknown) =>
      fetch(`${server!.origin}${pathname}`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    const signIn = async (user: CreatedUser) => {
      const res = await fetch(`${server!.origin}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(res.status).toBe(200);
      return cookiesOf(res);
    };

    let buyerCookie = '';
    let ownerCookie = '';
    for (let round = 0; round < ROUNDS; round++) {
      server = await startServerProcess(env);
      // Sessions live in the database: signed in once, still signed in after every kill.
      if (round === 0) [buyerCookie, ownerCookie] = [await signIn(buyer), await signIn(owner)];

      const work: Promise<unknown>[] = [];
      let firstAnswer!: () => void;
      const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
      // Requests cut by the kill fail; that is the point. Handled at once, not after the kill.
      const attempt = (request: Promise<unknown>) => work.push(request.then(firstAnswer, () => undefined));
      for (let i = 0; i < 5; i++) {
        attempt(
          (async () => {
            const lines = [line(giftIds[0]!), ...(i % 2 === 0 ? [line(giftIds[1]!)] : [])];
            const res = await call('/api/checkouts', buyerCookie, { idempotencyKey: newKey(), lines });
            const { id } = (await res.json()) as { id: string };
            await call(`/api/payments/test/${id}/succeed`, buyerCookie);
          })(),
        );
      }
      for (const orderId of toRedeem.splice(0, 3)) {
        attempt(call('/api/business/redemptions', ownerCookie, { orderId, method: 'manual' }));
      }
      // Somewhere inside the burst: before, between or after the writes.
      // Once something has been written, at a random moment while the rest is in flight
      // (on a busy machine a purely random moment often falls before any write).
      await Promise.race([answered, Promise.allSettled(work)]);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 150)));
      await server.kill();
      await Promise.allSettled(work);
    }

    // A last, clean run: the mail worker sends what the killed ones left due.
    let before: Row;
    {
      const db = await openData();
      before = await one(db, sql`select
        (select count(*) from mail_outbox where status = 'sent')::int as sent,
        (select count(*) from mail_outbox where status = 'pending' and next_attempt_at <= now())::int as due`);
      await db.close();
    }
    server = await startServerProcess(env);
    const deadline = Date.now() + 30_000;
    while (smtp.received.length < before.sent! + before.due!) {
      if (Date.now() > deadline) throw new Error(`mail not delivered: ${smtp.received.length} of ${before.sent! + before.due!}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await server.stop();

    // The data reopens (for PGlite: the folder a killed process held) and holds together.
    const db = await openData();
    try {
      const broken = await one(db, sql`select
        (select count(*) from checkouts c where not exists (select 1 from orders o where o.checkout_id = c.id))::int as checkout_without_orders,
        (select count(*) from orders where status in ('paid', 'redeemed', 'expired')
           and (paid_at is null or commission_amount is null or net_amount is null or qr_code is null or expires_at is null))::int as paid_order_incomplete,
        (select count(*) from checkouts c where c.status = 'succeeded'
           and (c.completed_at is null or exists (select 1 from orders o where o.checkout_id = c.id and o.status in ('unpaid', 'cancelled'))))::int as succeeded_checkout_with_unpaid_order,
        (select count(*) from orders o join checkouts c on c.id = o.checkout_id where o.status = 'paid' and c.status <> 'succeeded')::int as paid_order_unpaid_checkout,
        (select count(*) from redemptions r join orders o on o.id = r.order_id where o.status <> 'redeemed' or o.redeemed_at is null)::int as redemption_without_redeemed_order,
        (select count(*) from orders o where o.status = 'redeemed' and not exists (select 1 from redemptions r where r.order_id = o.id))::int as redeemed_order_without_redemption,
        (select count(*) from mail_outbox where status not in ('sent', 'pending'))::int as mail_failed`);
      expect(broken).toEqual({
        checkout_without_orders: 0,
        paid_order_incomplete: 0,
        succeeded_checkout_with_unpaid_order: 0,
        paid_order_unpaid_checkout: 0,
        redemption_without_redeemed_order: 0,
        redeemed_order_without_redemption: 0,
        mail_failed: 0,
      });

      // Every committed change has its email, written in the same transaction: one receipt
      // per paid checkout, one "enjoyed" note per redemption.
      const mail = await one(db, sql`select
        (select count(*) from checkouts where status = 'succeeded' and idempotency_key like 'key\\_%')::int as paid_checkouts,
        (select count(*) from mail_outbox where template = 'order-receipt')::int as receipts,
        (select count(*) from redemptions)::int as redemptions,
        (select count(*) from mail_outbox where template = 'gift-enjoyed')::int as enjoyed,
        (select count(*) from mail_outbox where status = 'pending' and next_attempt_at <= now())::int as still_due`);
      expect(mail.receipts).toBe(mail.paid_checkouts);
      expect(mail.enjoyed).toBe(mail.redemptions);
      expect(mail.still_due).toBe(0);
      // Something really happened between the kills (not only kills before any write).
      expect(mail.paid_checkouts! + mail.redemptions!).toBeGreaterThan(0);

      // Sent once: the SMTP server never got more messages for an address than it has rows,
      // and every row marked sent reached it. (A kill between the SMTP server's "accepted"
      // and our UPDATE leaves a row pending under its 5-minute lease: resent later, at most
      // once per kill; docs/operations.md says so.)
      const rows = (await db.db.execute(sql`select "to", status from mail_outbox`)) as unknown as { rows: { to: string; status: string }[] };
      const perAddress = new Map<string, number>();
      for (const r of rows.rows) perAddress.set(r.to.toLowerCase(), (perAddress.get(r.to.toLowerCase()) ?? 0) + 1);
      const received = new Map<string, number>();
      for (const to of smtp.received) received.set(to, (received.get(to) ?? 0) + 1);
      for (const [to, count] of received) expect(count, to).toBeLessThanOrEqual(perAddress.get(to) ?? 0);
      const sentRows = rows.rows.filter((r) => r.status === 'sent').length;
      expect(smtp.received.length).toBeGreaterThanOrEqual(sentRows);
    } finally {
      await db.close();
    }
  }, 300_000);
});
