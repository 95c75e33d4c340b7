import { verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { walletPassRegistrations } from '../../../db/schema/wallet-passes';
import { signIn } from '../../../testing/auth-helpers';
import { startApnsStandIn } from '../../../testing/apns-stand-in';
import { createBusiness, createGift, createOrder, createUser } from '../../../testing/factories';
import { googleSavePayloadProblems, startGoogleWalletStandIn } from '../../../testing/google-wallet-stand-in';
import { formatTypedCode } from '@shared/domain/typed-code';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createWalletTestKeys, TEST_APNS_KEY_ID, TEST_GOOGLE_ISSUER_ID, TEST_PASS_TYPE_ID, TEST_TEAM_ID, type WalletTestKeys } from '../../../testing/wallet-test-keys';
import { createApnsClient } from '../../../platform/wallet/apns-client';
import { createGoogleWalletClient } from '../../../platform/wallet/google-wallet-client';
import { updateWalletPasses } from './update-wallet-passes';

const DAY = 24 * 60 * 60 * 1000;

/** A JWT's parts, its signature checked with the public half of the key that should have signed it. */
function verifiedJwt(jwt: string, publicPem: string, alg: 'RS256' | 'ES256') {
  const [header, payload, signature] = jwt.split('.');
  const ok = verify('sha256', Buffer.from(`${header}.${payload}`), alg === 'ES256' ? { key: publicPem, dsaEncoding: 'ieee-p1363' } : publicPem, Buffer.from(signature!, 'base64url'));
  expect(ok, `${alg} signature`).toBe(true);
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: decode(header!), payload: decode(payload!) };
}

describe('wallet passes follow their gift: APNs pushes and Google object updates (ADR 107)', () => {
  let t: TestApp;
  let keys: WalletTestKeys;
  let apns: Awaited<ReturnType<typeof startApnsStandIn>>;
  let google: Awaited<ReturnType<typeof startGoogleWalletStandIn>>;
  let clock = new Date('2026-06-10T10:00:00Z');
  /** One run of the job as the registry runs it: its own APNs connection, closed after. */
  async function runJob() {
    const apnsClient = createApnsClient({ ...t.config.wallet.apple!.apns!, teamId: t.config.wallet.apple!.teamId }, () => clock);
    try {
      return await updateWalletPasses(t.app.ctx, { apns: apnsClient, google: createGoogleWalletClient(t.config.wallet.google!, () => clock) });
    } finally {
      apnsClient.close();
    }
  }

  beforeAll(async () => {
    keys = createWalletTestKeys();
    apns = await startApnsStandIn();
    google = await startGoogleWalletStandIn();
    t = await createTestApp({
      now: () => clock,
      env: { ...keys.env, APPLE_WALLET_APNS_URL: apns.url, GOOGLE_WALLET_API_URL: google.url, GOOGLE_WALLET_TOKEN_URL: google.tokenUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await apns.close();
    await google.close();
  });

  /** A paid gift (or a gift card of 50 €) in both wallets: the pass on a phone registered for updates, the Google link followed. */
  async function giftInBothWallets(pushToken: string, kind: 'fixed' | 'card' = 'fixed') {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id, name: 'Forn de Russafa', coordinates: { latitude: 39.4618, longitude: -0.3742 } });
    const gift = await createGift(db, { businessId: shop.id, name: 'Coca de llanda', ...(kind === 'card' ? { card: { minAmount: 500, maxAmount: 50_000 } } : {}) });
    const order = await createOrder(db, {
      buyerId: (await createUser(db, {})).id,
      giftId: gift.id,
      status: 'paid',
      recipientLocale: 'va',
      now: clock,
      ...(kind === 'card' ? { valueKind: 'card' as const, amountCents: 5000 } : {}),
    });
    const download = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/wallet/apple.pkpass` });
    const pass = JSON.parse(Buffer.from(unzipSync(new Uint8Array(download.rawPayload))['pass.json']!).toString('utf8')) as { serialNumber: string; authenticationToken: string };
    const registered = await t.app.inject({
      method: 'POST',
      url: `/api/wallet/apple/v1/devices/phone-${pushToken}/registrations/${TEST_PASS_TYPE_ID}/${pass.serialNumber}`,
      headers: { authorization: `ApplePass ${pass.authenticationToken}` },
      payload: { pushToken },
    });
    expect(registered.statusCode).toBe(201);
    const save = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/wallet/google` });
    expect(save.statusCode).toBe(303);
    return { order, owner, serial: pass.serialNumber, saveUrl: String(save.headers.location) };
  }

  it('the Google save link is a JWT signed by the service account, describing the gift as a Generic object', async () => {
    const { order, serial, saveUrl } = await giftInBothWallets('push-google');
    expect(saveUrl.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const { header, payload } = verifiedJwt(saveUrl.slice('https://pay.google.com/gp/v/save/'.length), keys.googlePublicPem, 'RS256');
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(payload).toMatchObject({ iss: 'wallet@regalo-test.iam.gserviceaccount.test', aud: 'google', typ: 'savetowallet', origins: ['http://localhost:3000'] });
    expect(googleSavePayloadProblems(payload.payload as Record<string, unknown>)).toEqual([]);
    const { genericClasses, genericObjects } = payload.payload as { genericClasses: object[]; genericObjects: Record<string, unknown>[] };
    expect(genericClasses).toEqual([{ id: `${TEST_GOOGLE_ISSUER_ID}.regalo-gift` }]);
    expect(genericObjects[0]).toMatchObject({
      id: `${TEST_GOOGLE_ISSUER_ID}.${serial}`,
      classId: `${TEST_GOOGLE_ISSUER_ID}.regalo-gift`,
      state: 'ACTIVE',
      header: { defaultValue: { language: 'ca', value: 'Coca de llanda' } },
      subheader: { defaultValue: { language: 'ca', value: 'Forn de Russafa' } },
      barcode: { type: 'QR_CODE', value: `http://localhost:3000/g/${order.qrCode}` },
      validTimeInterval: { end: { date: order.expiresAt.toISOString() } },
      notifications: { expiryNotification: { enableNotification: true } },
      merchantLocations: [{ latitude: 39.4618, longitude: -0.3742 }],
    });
    // Nothing of the gift's price or its people's contacts.
    expect(JSON.stringify(payload)).not.toMatch(/@example\.test|€/);
  });

  it('a gift card’s save link describes a Gift Card object with its balance and typed code; each use and undo updates the balance', async () => {
    const { order, owner, serial, saveUrl } = await giftInBothWallets('push-card', 'card');
    const { payload } = verifiedJwt(saveUrl.slice('https://pay.google.com/gp/v/save/'.length), keys.googlePublicPem, 'RS256');
    const body = payload.payload as { giftCardClasses: Record<string, unknown>[]; giftCardObjects: Record<string, unknown>[] };
    expect(Object.keys(body).sort()).toEqual(['giftCardClasses', 'giftCardObjects']);
    expect(googleSavePayloadProblems(body)).toEqual([]);
    const [cardClass] = body.giftCardClasses;
    expect(cardClass).toMatchObject({ issuerName: 'Regalo', merchantName: 'Forn de Russafa', reviewStatus: 'UNDER_REVIEW' });
    expect(String(cardClass!.id)).toMatch(new RegExp(`^${TEST_GOOGLE_ISSUER_ID}\\.regalo-card-[A-Za-z0-9_-]+$`));
    expect(body.giftCardObjects[0]).toMatchObject({
      id: `${TEST_GOOGLE_ISSUER_ID}.${serial}`,
      classId: cardClass!.id,
      state: 'ACTIVE',
      cardNumber: formatTypedCode(order.typedCode!),
      balance: { micros: '50000000', currencyCode: 'EUR' },
      barcode: { type: 'QR_CODE', value: `http://localhost:3000/g/${order.qrCode}` },
    });

    const { cookie } = await signIn(t, { email: owner.email, password: owner.password });
    const counter = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie, origin: t.config.publicUrl }, payload });
    const objectPath = `/walletobjects/v1/giftCardObject/${encodeURIComponent(`${TEST_GOOGLE_ISSUER_ID}.${serial}`)}`;
    const lastPatch = () => JSON.parse(google.calls.filter((c) => c.method === 'PUT' && c.path === objectPath).at(-1)!.body) as Record<string, unknown>;

    const used = await counter('/api/business/redemptions', { code: order.qrCode, amountCents: 1840, idempotencyKey: 'wallet-card-use-1' });
    expect(used.statusCode, used.body).toBe(200);
    // The card stays paid: only its balance changed, and the job tells that too.
    expect(await runJob()).toMatchObject({ changed: 1, patchFailed: 0, pushFailed: 0 });
    expect(lastPatch()).toMatchObject({ state: 'ACTIVE', balance: { micros: '31600000', currencyCode: 'EUR' } });
    expect(apns.pushes.filter((p) => p.path === '/3/device/push-card')).toHaveLength(1);

    const useId = (used.json() as { card: { uses: { id: string }[] } }).card.uses[0]!.id;
    const undone = await counter(`/api/business/redemptions/uses/${useId}/undo`, { reason: 'Wrong amount' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await runJob()).toMatchObject({ changed: 1, patchFailed: 0 });
    expect(lastPatch()).toMatchObject({ balance: { micros: '50000000', currencyCode: 'EUR' } });

    // Spent to the last cent: completed, with neither QR nor code.
    expect((await counter('/api/business/redemptions', { code: order.qrCode, amountCents: 5000, idempotencyKey: 'wallet-card-use-2' })).statusCode).toBe(200);
    await runJob();
    const spent = lastPatch();
    expect(spent).toMatchObject({ state: 'COMPLETED', balance: { micros: '0', currencyCode: 'EUR' }, cardNumber: '—' });
    expect(spent.barcode).toBeUndefined();
    expect((await runJob()).changed).toBe(0);
  });

  it('the Google stand-in refuses a field Google’s reference does not list, as Google does', async () => {
    const at = `${google.url}/walletobjects/v1/giftCardObject/x.y`;
    const put = (body: object) =>
      fetch(at, { method: 'PUT', headers: { authorization: 'Bearer stand-in-access-token', 'content-type': 'application/json' }, body: JSON.stringify({ id: 'x.y', classId: 'x.c', state: 'ACTIVE', cardNumber: '1', ...body }) });
    expect((await put({ balance: { micros: '100', currencyCode: 'EUR' } })).status).toBe(200);
    expect((await put({ balanceCents: 100 })).status).toBe(400);
    expect((await put({ balance: { amount: 1, currencyCode: 'EUR' } })).status).toBe(400);
    expect((await put({ cardNumber: undefined })).status).toBe(400);
    expect(googleSavePayloadProblems({ giftCardObjects: [{ id: 'a', classId: 'b', state: 'ACTIVE', cardNumber: '1' }] })).toEqual([
      'giftCardObjects: classId b is not among the payload\'s classes',
    ]);
  });

  it('after a redemption at the counter, the job pushes each registered phone over HTTP/2 and replaces the Google object', async () => {
    const { order, owner, serial } = await giftInBothWallets('push-redeemed');
    const { cookie } = await signIn(t, { email: owner.email, password: owner.password });
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/business/redemptions',
      headers: { cookie, origin: t.config.publicUrl },
      payload: { code: order.qrCode },
    });
    expect(redeemed.statusCode).toBe(200);
    // The redemption itself told nobody: the job does, after its own commit.
    expect(apns.pushes.filter((p) => p.path === '/3/device/push-redeemed')).toEqual([]);

    const run = await runJob();
    expect(run).toMatchObject({ pushFailed: 0, patchFailed: 0 });
    const [push] = apns.pushes.filter((p) => p.path === '/3/device/push-redeemed');
    expect(push).toBeDefined();
    expect(push!.headers['apns-topic']).toBe(TEST_PASS_TYPE_ID);
    expect(push!.body).toBe('{}');
    const jwt = verifiedJwt(String(push!.headers.authorization).replace(/^bearer /, ''), keys.apnsPublicPem, 'ES256');
    expect(jwt.header).toEqual({ alg: 'ES256', typ: 'JWT', kid: TEST_APNS_KEY_ID });
    expect(jwt.payload).toEqual({ iss: TEST_TEAM_ID, iat: Math.floor(clock.getTime() / 1000) });

    const patch = google.calls.find((c) => c.method === 'PUT' && c.path === `/walletobjects/v1/genericObject/${encodeURIComponent(`${TEST_GOOGLE_ISSUER_ID}.${serial}`)}`);
    expect(patch?.authorization).toBe('Bearer stand-in-access-token');
    const object = JSON.parse(patch!.body) as { state: string; barcode?: unknown; textModulesData: { id: string; body: string }[] };
    expect(object.state).toBe('COMPLETED');
    expect(object.barcode).toBeUndefined();
    // A used gift no longer calls its holder near the shop.
    expect(object).not.toHaveProperty('merchantLocations');
    expect(object.textModulesData.find((m) => m.id === 'status')!.body).toBe('Ja gaudit');

    // Told once: the next run finds nothing new.
    const pushesBefore = apns.pushes.length;
    expect((await runJob()).changed).toBe(0);
    expect(apns.pushes.length).toBe(pushesBefore);
  });

  it('a gift past its date is told as expired without the expiry job; APNs’ 410 drops the registration', async () => {
    const { order, serial } = await giftInBothWallets('push-expired');
    apns.gone.add('push-expired');
    clock = new Date(order.expiresAt.getTime() + DAY);
    try {
      const run = await runJob();
      expect(run.changed).toBeGreaterThanOrEqual(1);
      expect(apns.pushes.some((p) => p.path === '/3/device/push-expired')).toBe(true);
      const patch = google.calls.filter((c) => c.path.endsWith(encodeURIComponent(`${TEST_GOOGLE_ISSUER_ID}.${serial}`))).at(-1);
      expect((JSON.parse(patch!.body) as { state: string }).state).toBe('EXPIRED');
      expect(await t.database.db.select().from(walletPassRegistrations).where(eq(walletPassRegistrations.pushToken, 'push-expired'))).toEqual([]);
    } finally {
      clock = new Date('2026-06-10T10:00:00Z');
    }
  });

  it('a later date (the business granted more time) and a cancellation are told too, whatever code path wrote them', async () => {
    const { order, serial } = await giftInBothWallets('push-extended');
    const later = new Date(order.expiresAt.getTime() + 30 * DAY);
    await t.database.db.update(orders).set({ expiresAt: later, updatedAt: clock }).where(eq(orders.id, order.id));
    await runJob();
    const objectPath = encodeURIComponent(`${TEST_GOOGLE_ISSUER_ID}.${serial}`);
    const extended = JSON.parse(google.calls.filter((c) => c.path.endsWith(objectPath)).at(-1)!.body) as { state: string; validTimeInterval: { end: { date: string } } };
    expect(extended).toMatchObject({ state: 'ACTIVE', validTimeInterval: { end: { date: later.toISOString() } } });
    expect(apns.pushes.filter((p) => p.path === '/3/device/push-extended')).toHaveLength(1);

    await t.database.db.update(orders).set({ status: 'cancelled', cancelledAt: clock, updatedAt: clock }).where(eq(orders.id, order.id));
    await runJob();
    expect((JSON.parse(google.calls.filter((c) => c.path.endsWith(objectPath)).at(-1)!.body) as { state: string }).state).toBe('INACTIVE');
    expect(apns.pushes.filter((p) => p.path === '/3/device/push-extended')).toHaveLength(2);
  });

  it('two runs at once (two servers) tell one change once', async () => {
    const { order, owner } = await giftInBothWallets('push-race');
    const { cookie } = await signIn(t, { email: owner.email, password: owner.password });
    await t.app.inject({ method: 'POST', url: '/api/business/redemptions', headers: { cookie, origin: t.config.publicUrl }, payload: { code: order.qrCode } });
    await Promise.all([runJob(), runJob()]);
    expect(apns.pushes.filter((p) => p.path === '/3/device/push-race')).toHaveLength(1);
  });
});
