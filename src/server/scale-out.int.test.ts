import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/client';
import { mailOutbox } from './db/schema/mail-outbox';
import { checkouts, orders, redemptions } from './db/schema/orders';
import { line, newKey } from './features/checkout/checkout-test-world';
import { createBusiness, createGift, createOrder, createUser, type CreatedUser } from './testing/factories';
import { cookiesOf, createScratchDatabase, startServerProcess, type ServerProcess } from './testing/server-process';
import { testDatabaseKind } from './testing/test-database';

/**
 * Issue 14: two server processes that share no memory, on one PostgreSQL database and one
 * Redis, behave as one. Only on PostgreSQL (PGlite is one process by construction).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const N = 30;

/** Polls `read` until `done` says yes (a condition, not a fixed sleep); fails after `ms`. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

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

interface JobState {
  undelivered: number;
  unreminded: number;
  unexpired: number;
  uncancelled: number;
  open_checkouts: number;
  unsent: number;
  mails: number;
}

const countBy = (list: string[]) => list.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());

describe.runIf(testDatabaseKind() === 'postgresql')('two server processes on one PostgreSQL and one Redis', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let buyer: CreatedUser;
  let owner: CreatedUser;
  let giftId: string;
  let publicOrigin: string;
  // The proxy's view of the client: a fresh address per run keeps per-IP counters apart
  // from other runs sharing this Redis.
  const clientIp = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const seeded = { delivery: [] as string[], reminder: [] as string[], expiring: [] as string[], checkouts: [] as string[], outbox: [] as string[] };

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'regalo_scale');
    // Two servers migrating one empty database at once: the advisory lock serialises them.
    const first = await openDatabase({ kind: 'postgresql', url: scratch.url }, { poolSize: 2 });
    const second = await openDatabase({ kind: 'postgresql', url: scratch.url }, { poolSize: 2 });
    await Promise.all([first.migrate(), second.migrate()]);
    await second.close();
    db = first;

    // Due work for every scheduled job, seeded before the servers start: both run each job
    // as they come up, over the same rows.
    const now = Date.now();
    buyer = await createUser(db.db, { email: `buyer-${randomUUID()}@example.test` });
    owner = await createUser(db.db, { userType: 'business', email: `owner-${randomUUID()}@example.test` });
    const business = await createBusiness(db.db, { ownerId: owner.id });
    giftId = (await createGift(db.db, { businessId: business.id, price: 2500 })).id;
    for (let i = 0; i < N; i++) {
      const delivery = await createOrder(db.db, { buyerId: buyer.id, giftId, recipientEmail: `delivery-${i}-${randomUUID()}@example.test` });
      seeded.delivery.push(delivery.id);
      const reminder = await createOrder(db.db, {
        buyerId: buyer.id,
        giftId,
        recipientEmail: `reminder-${i}-${randomUUID()}@example.test`,
        expiresAt: new Date(now + 3 * DAY),
      });
      seeded.reminder.push(reminder.id);
      seeded.expiring.push((await createOrder(db.db, { buyerId: buyer.id, giftId, expiresAt: new Date(now - HOUR) })).id);
      const pending = await createOrder(db.db, { buyerId: buyer.id, giftId, status: 'unpaid', recipientEmail: null });
      seeded.checkouts.push(pending.id);
      const to = `outbox-${i}-${randomUUID()}@example.test`;
      await db.db.insert(mailOutbox).values({ to, subject: 'Hola', text: 'hola', html: '<p>hola</p>', template: 'test' });
      seeded.outbox.push(to);
    }
    // Gifts due for delivery; the rest already went out (only the job's own orders are due).
    await db.db.update(orders).set({ deliverAt: new Date(now - 60_000), deliveredAt: null }).where(inArray(orders.id, seeded.delivery));
    await db.db
      .update(orders)
      .set({ deliveredAt: new Date(now - DAY) })
      .where(and(notInArray(orders.id, seeded.delivery), eq(orders.status, 'paid')));
    // Unpaid orders inside pending checkouts past their lifetime.
    const pendingCheckouts = await db.db
      .insert(checkouts)
      .values(seeded.checkouts.map(() => ({ buyerId: buyer.id, status: 'pending', provider: 'test', amountTotal: 2500, idempotencyKey: newKey(), expiresAt: new Date(now - HOUR) })))
      .returning({ id: checkouts.id });
    for (const [i, id] of seeded.checkouts.entries()) {
      await db.db.update(orders).set({ checkoutId: pendingCheckouts[i]!.id }).where(eq(orders.id, id));
    }

    smtp = await startSmtp();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-scale-'));
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL,
      SMTP_URL: smtp.url,
      AUTH_SECRET: `scale-out-${randomUUID()}`,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      TRUST_PROXY: 'loopback',
      RATE_LIMIT: 'on',
      PAYMENTS_PROVIDER: 'test',
      // Startup (migrations, PGlite's WASM) stalls the loop on a busy machine; shedding is tested elsewhere.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    publicOrigin = env.PUBLIC_URL;
    // Separate data folders: nothing may travel between them but the database and Redis.
    [a, b] = await Promise.all([
      startServerProcess({ ...env, DATA_DIR: path.join(dataDir, 'a') }),
      startServerProcess({ ...env, DATA_DIR: path.join(dataDir, 'b') }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await db?.close();
    await scratch?.drop();
  });

  const call = (server: ServerProcess, pathname: string, init: { method?: string; cookie?: string; body?: unknown } = {}) =>
    fetch(`${server.origin}${pathname}`, {
      method: init.method ?? 'GET',
      headers: {
        origin: publicOrigin,
        'x-forwarded-for': clientIp,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });

  const signIn = async (server: ServerProcess, user: CreatedUser) => {
    const res = await call(server, '/api/auth/sign-in/email', { method: 'POST', body: { email: user.email, password: user.password } });
    expect(res.status).toBe(200);
    return cookiesOf(res);
  };

  it('runs every scheduled job once per due item and sends each email once', async () => {
    const state = () =>
      db.db.execute(sql`
        select
          (select count(*) from orders where id in ${seeded.delivery} and delivered_at is null)::int as undelivered,
          (select count(*) from orders where id in ${seeded.reminder} and expiry_reminder_sent_at is null)::int as unreminded,
          (select count(*) from orders where id in ${seeded.expiring} and status <> 'expired')::int as unexpired,
          (select count(*) from orders where id in ${seeded.checkouts} and status <> 'cancelled')::int as uncancelled,
          (select count(*) from checkouts where status = 'pending' and expires_at < now())::int as open_checkouts,
          (select count(*) from mail_outbox where status <> 'sent')::int as unsent,
          (select count(*) from mail_outbox)::int as mails`) as unknown as Promise<{ rows: JobState[] }>;
    const done = await waitFor(
      async () => ({ ...(await state()).rows[0]!, received: smtp.received.length }),
      (s) => s.undelivered === 0 && s.unreminded === 0 && s.unexpired === 0 && s.uncancelled === 0 && s.open_checkouts === 0 && s.unsent === 0 && s.received === s.mails,
    );
    // 30 gifts + 30 giver notes, 30 + 30 reminders, 30 plain mails: each enqueued once.
    expect(done.mails).toBe(5 * N);

    const rows = await db.db.select({ to: mailOutbox.to, template: mailOutbox.template, attempts: mailOutbox.attempts }).from(mailOutbox);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    const sent = countBy(smtp.received);
    // Every row reached the SMTP server exactly once: the same multiset of recipients.
    expect(sent).toEqual(countBy(rows.map((r) => r.to.toLowerCase())));
    for (const to of seeded.outbox) expect(sent.get(to)).toBe(1);
    const delivered = await db.db.select({ to: orders.recipientEmail }).from(orders).where(inArray(orders.id, seeded.delivery));
    const reminded = await db.db.select({ to: orders.recipientEmail }).from(orders).where(inArray(orders.id, seeded.reminder));
    for (const { to } of [...delivered, ...reminded]) expect(sent.get(to!)).toBe(1);
    // The giver hears once per delivered gift and once per reminder.
    const byTemplate = countBy(rows.filter((r) => r.to === buyer.email).map((r) => r.template));
    expect(byTemplate).toEqual(new Map([['gift-delivered', N], ['gift-expiry-reminder-giver', N]]));
  }, 60_000);

  it('keeps a session made on one server working on the other', async () => {
    const cookie = await signIn(a, buyer);
    const res = await call(b, '/api/auth/get-session', { cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(buyer.email);
    const profile = await call(b, '/api/profile', { cookie });
    expect(profile.status).toBe(200);
  });

  it('shares rate limits: attempts used up on A are refused on B', async () => {
    const email = `limited-${randomUUID()}@example.test`;
    const attempt = (server: ServerProcess) =>
      call(server, '/api/auth/sign-in/email', { method: 'POST', body: { email, password: 'not-the-password' } });
    for (let i = 0; i < 5; i++) expect((await attempt(a)).status).toBe(401);
    const refused = await attempt(b);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('creates one checkout when the same idempotency key reaches both servers at once, and pays it once', async () => {
    const [cookieA, cookieB] = [await signIn(a, buyer), await signIn(b, buyer)];
    const body = { idempotencyKey: newKey(), lines: [line(giftId), line(giftId)] };
    const responses = await Promise.all([
      call(a, '/api/checkouts', { method: 'POST', cookie: cookieA, body }),
      call(b, '/api/checkouts', { method: 'POST', cookie: cookieB, body }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 201]);
    const [one, two] = (await Promise.all(responses.map((r) => r.json()))) as { id: string }[];
    expect(one!.id).toBe(two!.id);
    const rows = await db.db.select().from(checkouts).where(eq(checkouts.idempotencyKey, body.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(await db.db.select().from(orders).where(eq(orders.checkoutId, one!.id))).toHaveLength(2);

    // The test payment page's "succeed" pressed on both servers at once: paid once.
    const paid = await Promise.all([
      call(a, `/api/payments/test/${one!.id}/succeed`, { method: 'POST', cookie: cookieA }),
      call(b, `/api/payments/test/${one!.id}/succeed`, { method: 'POST', cookie: cookieB }),
    ]);
    expect(paid.map((r) => r.status)).toEqual([200, 200]);
    const paidOrders = await db.db.select().from(orders).where(eq(orders.checkoutId, one!.id));
    expect(paidOrders.every((o) => o.status === 'paid' && o.paidAt !== null)).toBe(true);
    const receipts = await db.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.template, 'order-receipt')));
    expect(receipts).toHaveLength(1);
  });

  it('redeems one paid order once when both servers are asked at the same moment', async () => {
    const order = await createOrder(db.db, { buyerId: buyer.id, giftId });
    const [cookieA, cookieB] = [await signIn(a, owner), await signIn(b, owner)];
    const responses = await Promise.all([
      call(a, '/api/business/redemptions', { method: 'POST', cookie: cookieA, body: { orderId: order.id, method: 'manual' } }),
      call(b, '/api/business/redemptions', { method: 'POST', cookie: cookieB, body: { orderId: order.id, method: 'manual' } }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = responses.find((r) => r.status === 409)!;
    expect(await loser.json()).toMatchObject({ code: 'order_already_redeemed' });
    expect(await db.db.select().from(redemptions).where(eq(redemptions.orderId, order.id))).toHaveLength(1);
    const [row] = await db.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('redeemed');
  });
});
