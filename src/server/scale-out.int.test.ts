import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDownloadUrl } from '@shared/contracts/business-documents';
import { openDatabase, type DatabaseHandle } from './db/client';
import { mailOutbox } from './db/schema/mail-outbox';
import { checkouts, orders, redemptions } from './db/schema/orders';
import { line, newKey } from './testing/checkout-test-world';
import { TEMP_UPLOAD_MAX_AGE_MS } from './features/business-documents/clean-up-temp-uploads';
import { ORPHANED_IMAGE_MIN_AGE_MS } from './features/files/clean-up-orphaned-images';
import { gifts } from './db/schema/gifts';
import { THUMBNAIL_SIZE, variantKey } from './platform/storage/image-keys';
import { businessImageKey, giftImageKey, publicFileUrl } from './platform/storage/public-files';
import { createS3Storage } from './platform/storage/s3-storage';
import type { Storage } from './platform/storage/storage';
import { createBusiness, createGift, createOrder, createUser, type CreatedUser } from './testing/factories';
import { startS3StandIn, type S3StandIn } from './testing/s3-stand-in';
import { createScratchDatabase, processClient, startServerProcess, waitFor, type ServerProcess } from './testing/server-process';
import { countBy, startSmtpSink, type SmtpSink } from './testing/smtp-sink';
import { testDatabaseKind } from './testing/test-database';
import { multipart, samplePdf, samplePng } from './testing/upload-files';
import { TERMS_VERSION } from '@shared/domain/legal-versions';

/**
 * ADR 036: two server processes that share no memory, on one PostgreSQL database, one
 * Redis and one S3 bucket, behave as one. Only on PostgreSQL (PGlite is one process by
 * construction).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const N = 30;

interface JobState {
  undelivered: number;
  unreminded: number;
  unexpired: number;
  uncancelled: number;
  open_checkouts: number;
  unsent: number;
  mails: number;
}

/** What a server's file clean-up job said it did, from its log lines. */
function cleanUpRuns(server: ServerProcess, job = 'temp-upload-clean-up'): { removed?: number; skipped?: boolean }[] {
  return server.output.text
    .split('\n')
    .filter((l) => l.includes(`"job":"${job}"`))
    .map((l) => JSON.parse(l) as { removed?: number; skipped?: boolean });
}

describe.runIf(testDatabaseKind() === 'postgresql')('two server processes on one PostgreSQL and one Redis', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: DatabaseHandle;
  let smtp: SmtpSink;
  let s3: S3StandIn;
  let bucket: Storage;
  let a: ServerProcess;
  let b: ServerProcess;
  let buyer: CreatedUser;
  let owner: CreatedUser;
  let giftId: string;
  let uploader: CreatedUser;
  let uploaderBusinessId: string;
  // The proxy's view of the client: a fresh address per run keeps per-IP counters apart
  // from other runs sharing this Redis.
  const clientIp = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const seeded = {
    delivery: [] as string[],
    reminder: [] as string[],
    expiring: [] as string[],
    checkouts: [] as string[],
    outbox: [] as string[],
    staleUploads: [] as string[],
    freshUploads: [] as string[],
    orphanedImages: [] as string[],
    keptImages: [] as string[],
  };
  const PUBLIC_URL = 'http://127.0.0.1:8080';
  const { call, signIn } = processClient(PUBLIC_URL, { 'x-forwarded-for': clientIp });

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
    // A shop of its own for the uploads: a new licence sends a business back to review.
    uploader = await createUser(db.db, { userType: 'business', email: `uploader-${randomUUID()}@example.test` });
    uploaderBusinessId = (await createBusiness(db.db, { ownerId: uploader.id })).id;
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

    // Wizard uploads nobody submitted: a day and more old (due for the clean-up) and fresh ones.
    s3 = await startS3StandIn();
    const bucketName = `regalo-scale-${process.pid}`;
    await s3.createBucket(bucketName);
    const s3Env = s3.env(bucketName);
    bucket = createS3Storage({ endpoint: s3.endpoint, bucket: bucketName, region: s3Env.S3_REGION!, forcePathStyle: true, ...s3.credentials });
    for (let i = 0; i < N; i++) {
      for (const list of [seeded.staleUploads, seeded.freshUploads]) {
        const key = `temp/${randomUUID()}/documents/business_license_${i}.pdf`;
        await bucket.put(key, samplePdf(), { contentType: 'application/pdf' });
        list.push(key);
      }
    }
    for (const key of seeded.staleUploads) s3.backdate(bucketName, key, new Date(now - TEMP_UPLOAD_MAX_AGE_MS - HOUR));
    // Business images nothing points at any more (a server died mid-replace), a day and more
    // old, next to the gift's current image, as old: only the orphans are due.
    const png = await samplePng();
    for (let i = 0; i < N; i++) {
      const key = businessImageKey(randomUUID(), png);
      for (const k of [key, variantKey(key, THUMBNAIL_SIZE)]) {
        await bucket.put(k, png, { contentType: 'image/png' });
        seeded.orphanedImages.push(k);
      }
    }
    const giftImage = giftImageKey(giftId, png);
    for (const k of [giftImage, variantKey(giftImage, THUMBNAIL_SIZE)]) {
      await bucket.put(k, png, { contentType: 'image/png' });
      seeded.keptImages.push(k);
    }
    await db.db.update(gifts).set({ imageUrl: publicFileUrl(giftImage) }).where(eq(gifts.id, giftId));
    for (const key of [...seeded.orphanedImages, ...seeded.keptImages]) s3.backdate(bucketName, key, new Date(now - ORPHANED_IMAGE_MIN_AGE_MS - HOUR));

    smtp = await startSmtpSink();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-scale-'));
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL,
      SMTP_URL: smtp.url,
      ...s3Env,
      AUTH_SECRET: `scale-out-${randomUUID()}`,
      PUBLIC_URL,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT: 'on',
      PAYMENTS_PROVIDER: 'test',
      // Startup (migrations, PGlite's WASM) stalls the loop on a busy machine; shedding is tested elsewhere.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    // Separate data folders: nothing may travel between them but the database, Redis and the bucket.
    [a, b] = await Promise.all([
      startServerProcess({ ...env, DATA_DIR: path.join(dataDir, 'a') }),
      startServerProcess({ ...env, DATA_DIR: path.join(dataDir, 'b') }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await s3?.close();
    await db?.close();
    await scratch?.drop();
  });

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

  it('clears stale temporary uploads from the shared bucket once: one server removes each, the fresh ones stay', async () => {
    // Each server runs the clean-up as it comes up, and says so (removed, or skipped while the other holds it).
    await waitFor(
      () => [cleanUpRuns(a).length, cleanUpRuns(b).length],
      (runs) => runs.every((n) => n > 0),
    );
    const runs = [...cleanUpRuns(a), ...cleanUpRuns(b)];
    expect(runs.reduce((sum, run) => sum + (run.removed ?? 0), 0)).toBe(N);
    const left = (await bucket.list('temp/')).map((e) => e.key).sort();
    expect(left).toEqual([...seeded.freshUploads].sort());
    expect(a.output.text + b.output.text).not.toContain('periodic job failed');
  });

  it('clears orphaned images from the shared bucket once, and keeps the ones in use', async () => {
    await waitFor(
      () => [cleanUpRuns(a, 'orphaned-image-clean-up').length, cleanUpRuns(b, 'orphaned-image-clean-up').length],
      (runs) => runs.every((n) => n > 0),
    );
    const runs = [...cleanUpRuns(a, 'orphaned-image-clean-up'), ...cleanUpRuns(b, 'orphaned-image-clean-up')];
    expect(runs.reduce((sum, run) => sum + (run.removed ?? 0), 0)).toBe(seeded.orphanedImages.length);
    for (const key of seeded.orphanedImages) expect(await bucket.exists(key)).toBe(false);
    for (const key of seeded.keptImages) expect(await bucket.exists(key)).toBe(true);
  });

  it('serves through B what was uploaded through A: a private document and a public image', async () => {
    const [cookieA, cookieB] = [await signIn(a, uploader), await signIn(b, uploader)];
    const pdf = samplePdf(2048);
    const doc = multipart([
      { name: 'type', value: 'business_license' },
      { name: 'file', fileName: 'licencia.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    const uploaded = await fetch(`${a.origin}/api/business/documents`, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, cookie: cookieA, ...doc.headers },
      body: new Uint8Array(doc.payload),
    });
    expect(uploaded.status).toBe(201);
    const download = await call(b, documentDownloadUrl(uploaderBusinessId, 'business_license'), { cookie: cookieB });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    const png = multipart([{ name: 'file', fileName: 'tienda.png', contentType: 'image/png', data: await samplePng(64, 48) }]);
    const image = await fetch(`${a.origin}/api/business/image`, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, cookie: cookieA, ...png.headers },
      body: new Uint8Array(png.payload),
    });
    expect(image.status).toBe(200);
    const { imageUrl } = (await image.json()) as { imageUrl: string };
    const served = await call(b, imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // In the bucket, not on A's disk: B has no other way to have it.
    expect((await bucket.list(`${uploaderBusinessId}/`)).length).toBeGreaterThanOrEqual(2);
  });

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
    const body = { idempotencyKey: newKey(), acceptedTermsVersion: TERMS_VERSION, lines: [line(giftId), line(giftId)] };
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
      call(a, '/api/business/redemptions', { method: 'POST', cookie: cookieA, body: { code: order.qrCode } }),
      call(b, '/api/business/redemptions', { method: 'POST', cookie: cookieB, body: { code: order.typedCode } }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = responses.find((r) => r.status === 409)!;
    expect(await loser.json()).toMatchObject({ code: 'order_already_redeemed' });
    expect(await db.db.select().from(redemptions).where(eq(redemptions.orderId, order.id))).toHaveLength(1);
    const [row] = await db.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('redeemed');
  });
});
