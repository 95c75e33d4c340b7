import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { walletPassRegistrations, walletPasses } from '../../../db/schema/wallet-passes';
import { createBusiness, createGift, createOrder, createUser } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createWalletTestKeys } from '../../../testing/wallet-test-keys';
import { updateWalletPasses } from './update-wallet-passes';

const SERVICE = '/api/wallet/apple/v1';

describe("Apple's PassKit web service for the gifts' passes (ADR 107)", () => {
  let t: TestApp;
  let clock = new Date('2026-06-10T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, env: createWalletTestKeys().env });
  });
  afterAll(() => t.close());

  /** A paid gift whose pass was added to a phone: what Wallet knows of it. */
  async function passOnAPhone() {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id });
    const gift = await createGift(db, { businessId: shop.id });
    const order = await createOrder(db, { buyerId: (await createUser(db, {})).id, giftId: gift.id, status: 'paid', recipientLocale: 'en', now: clock });
    const download = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/wallet/apple.pkpass` });
    const pass = JSON.parse(Buffer.from(unzipSync(new Uint8Array(download.rawPayload))['pass.json']!).toString('utf8')) as {
      serialNumber: string;
      authenticationToken: string;
      passTypeIdentifier: string;
    };
    return { order, serial: pass.serialNumber, token: pass.authenticationToken, type: pass.passTypeIdentifier };
  }

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...(token ? { authorization: `ApplePass ${token}` } : {}), ...headers } });

  it('registers a device (201, then 200), refuses a wrong or missing token (401), and unregisters (200)', async () => {
    const { serial, token, type } = await passOnAPhone();
    const url = `${SERVICE}/devices/phone-1/registrations/${type}/${serial}`;
    expect((await call('POST', url, token, { pushToken: 'push-1' })).statusCode).toBe(201);
    expect((await call('POST', url, token, { pushToken: 'push-2' })).statusCode).toBe(200);
    expect((await call('POST', url, undefined, { pushToken: 'push-3' })).statusCode).toBe(401);
    expect((await call('POST', url, 'x'.repeat(43), { pushToken: 'push-3' })).statusCode).toBe(401);
    // Another gift's token opens nothing of this one.
    const other = await passOnAPhone();
    expect((await call('POST', url, other.token, { pushToken: 'push-3' })).statusCode).toBe(401);
    expect((await call('POST', `${SERVICE}/devices/phone-1/registrations/pass.other.type/${serial}`, token, { pushToken: 'push-3' })).statusCode).toBe(401);
    const rows = await t.database.db.select().from(walletPassRegistrations).where(eq(walletPassRegistrations.deviceLibraryId, 'phone-1'));
    expect(rows.map((r) => r.pushToken)).toEqual(['push-2']);

    expect((await call('DELETE', url, undefined)).statusCode).toBe(401);
    expect((await call('DELETE', url, token)).statusCode).toBe(200);
    expect(await t.database.db.select().from(walletPassRegistrations).where(eq(walletPassRegistrations.deviceLibraryId, 'phone-1'))).toEqual([]);
  });

  it('lists the serials changed since a tag (200 with lastUpdated, 204 when none) and serves the latest pass with Last-Modified and 304', async () => {
    const { order, serial, token, type } = await passOnAPhone();
    expect((await call('POST', `${SERVICE}/devices/phone-2/registrations/${type}/${serial}`, token, { pushToken: 'push' })).statusCode).toBe(201);

    const list = await call('GET', `${SERVICE}/devices/phone-2/registrations/${type}`);
    expect(list.statusCode).toBe(200);
    const first = list.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(first.serialNumbers).toEqual([serial]);
    expect((await call('GET', `${SERVICE}/devices/phone-2/registrations/${type}?passesUpdatedSince=${first.lastUpdated}`)).statusCode).toBe(204);
    expect((await call('GET', `${SERVICE}/devices/unknown-phone/registrations/${type}`)).statusCode).toBe(204);

    const latest = await call('GET', `${SERVICE}/passes/${type}/${serial}`, token);
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = latest.headers['last-modified'] as string;
    expect(new Date(lastModified).getTime()).toBe(new Date('2026-06-10T10:00:00Z').getTime());
    expect((await call('GET', `${SERVICE}/passes/${type}/${serial}`, token, undefined, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await call('GET', `${SERVICE}/passes/${type}/${serial}`)).statusCode).toBe(401);

    // The gift is used: the job moves the pass on, the list names it again, and the new pass is voided.
    clock = new Date('2026-06-10T12:00:00Z');
    await t.database.db.update(orders).set({ status: 'redeemed', redeemedAt: clock, updatedAt: clock }).where(eq(orders.id, order.id));
    await updateWalletPasses(t.app.ctx, {});
    const again = await call('GET', `${SERVICE}/devices/phone-2/registrations/${type}?passesUpdatedSince=${first.lastUpdated}`);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { serialNumbers: string[] }).serialNumbers).toEqual([serial]);
    const changed = await call('GET', `${SERVICE}/passes/${type}/${serial}`, token, undefined, { 'if-modified-since': lastModified });
    expect(changed.statusCode).toBe(200);
    const pass = JSON.parse(Buffer.from(unzipSync(new Uint8Array(changed.rawPayload))['pass.json']!).toString('utf8')) as { voided: boolean; barcodes?: unknown };
    expect(pass.voided).toBe(true);
    expect(pass.barcodes).toBeUndefined();
    const [stored] = await t.database.db.select().from(walletPasses).where(eq(walletPasses.orderId, order.id));
    expect(stored!.state).toMatch(/^redeemed\|/);
  });

  it('takes Wallet’s logs (200), and is not there at all without the settings (404)', async () => {
    expect((await call('POST', `${SERVICE}/log`, undefined, { logs: ['[2026-06-10] Web service error for pass.test'] })).statusCode).toBe(200);
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'POST', url: `${SERVICE}/log`, payload: { logs: [] } })).statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: `${SERVICE}/devices/x/registrations/y` })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
