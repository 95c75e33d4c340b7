import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin-audit-log';
import { users } from '../../db/schema/auth';
import { businessApplications, businesses } from '../../db/schema/businesses';
import { contacts } from '../../db/schema/contacts';
import { gifts } from '../../db/schema/gifts';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { checkouts, orders, redemptions } from '../../db/schema/orders';
import { profiles } from '../../db/schema/profiles';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { unzipSync } from 'fflate';
import { createBusiness, createContact, createGift, createOrder, createUser } from '../../testing/factories';
import { actors, createPendingCheckout, expectedStatus, routeTable, type Actor, type World } from '../../testing/route-access-table';
import { createWalletTestKeys } from '../../testing/wallet-test-keys';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipart, samplePdf, samplePng } from '../../testing/upload-files';

/**
 * Every registered route × every kind of caller, on a seeded database: the table
 * lives in `testing/route-access-table.ts`. A route without a row fails the first test.
 * Refused calls (4xx) of each row are made first and must leave the data as it was.
 */
describe('route × actor matrix', () => {
  let t: TestApp;
  let world: World;
  const cookies = {} as Record<Actor, string | null>;

  beforeAll(async () => {
    // With Apple Wallet on, so that its web service's routes answer (ADR 107).
    t = await createTestApp({ env: createWalletTestKeys().env });
  });
  afterAll(() => t.close());

  // Every integration test starts from an empty database, so the world is made in the test.
  async function createWorld() {
    const db = t.database.db;
    const person = async (input: Parameters<typeof createUser>[1] = {}) => {
      const user = await createUser(db, input);
      return { user, cookie: (await signIn(t, { email: user.email, password: user.password })).cookie };
    };
    const a = await person();
    const b = await person();
    const x = await person({ userType: 'business' });
    const y = await person({ userType: 'business' });
    const p = await person({ userType: 'business' });
    const admin = await person({ role: 'admin' });
    const xBusiness = await createBusiness(db, { ownerId: x.user.id });
    const yBusiness = await createBusiness(db, { ownerId: y.user.id });
    const pBusiness = await createBusiness(db, { ownerId: p.user.id, verificationStatus: 'pending', isActive: false });
    const xGift = await createGift(db, { businessId: xBusiness.id });
    const shop = await createBusiness(db, { ownerId: (await createUser(db, { userType: 'business' })).id });
    const listedGift = await createGift(db, { businessId: shop.id });
    await createGift(db, { businessId: yBusiness.id });
    // Paid and delivered, with an email to resend to: the order behind the gift-page and lookup rows.
    const aOrder = await createOrder(db, { buyerId: a.user.id, giftId: xGift.id, status: 'paid', recipientEmail: 'recipient-of-a@example.test' });
    Object.assign(cookies, { anonymous: null, consumerA: a.cookie, consumerB: b.cookie, ownerX: x.cookie, ownerY: y.cookie, pendingOwner: p.cookie, admin: admin.cookie, passHolder: null });

    // Files through the API, as their owners would upload them.
    const image = multipart([{ name: 'file', fileName: 'shop.png', contentType: 'image/png', data: await samplePng(40, 30) }]);
    const uploaded = await authedInject(t, x.cookie, { method: 'POST', url: '/api/business/image', payload: image.payload, headers: image.headers });
    if (uploaded.statusCode !== 200) throw new Error(`image upload failed: ${uploaded.body}`);
    for (const type of ['id_document', 'tax_registration']) {
      const doc = multipart([
        { name: 'type', value: type },
        { name: 'file', fileName: `${type}.pdf`, contentType: 'application/pdf', data: samplePdf() },
      ]);
      const res = await authedInject(t, p.cookie, { method: 'POST', url: '/api/business/documents', payload: doc.payload, headers: doc.headers });
      if (res.statusCode !== 201) throw new Error(`document upload failed: ${res.body}`);
    }

    world = {
      t,
      consumerA: {
        id: a.user.id,
        email: a.user.email,
        cookie: a.cookie,
        contact: await createContact(db, { userId: a.user.id, name: 'Marta' }),
        order: aOrder,
        checkoutId: await createPendingCheckout(t, a.cookie, listedGift.id),
      },
      consumerB: { id: b.user.id },
      ownerX: { id: x.user.id, business: xBusiness, gift: xGift, imagePath: new URL((uploaded.json() as { imageUrl: string }).imageUrl, t.config.publicUrl).pathname },
      ownerY: { id: y.user.id, business: yBusiness },
      pendingOwner: { id: p.user.id, business: pBusiness },
      admin: { id: admin.user.id },
      listedGift,
      passHolder: await createPassHolder(aOrder.qrCode),
    };
  }

  /** The recipient of A's gift adds its pass to a phone: the download, then the device's registration. */
  async function createPassHolder(code: string): Promise<World['passHolder']> {
    const download = await t.app.inject({ method: 'GET', url: `/g/${code}/wallet/apple.pkpass` });
    if (download.statusCode !== 200) throw new Error(`pass download failed: ${download.statusCode}`);
    const pass = JSON.parse(Buffer.from(unzipSync(new Uint8Array(download.rawPayload))['pass.json']!).toString('utf8')) as {
      serialNumber: string;
      authenticationToken: string;
      passTypeIdentifier: string;
    };
    const holder = { serial: pass.serialNumber, token: pass.authenticationToken, passTypeId: pass.passTypeIdentifier, deviceLibraryId: 'route-matrix-phone' };
    const registered = await t.app.inject({
      method: 'POST',
      url: `/api/wallet/apple/v1/devices/${holder.deviceLibraryId}/registrations/${holder.passTypeId}/${holder.serial}`,
      headers: { authorization: `ApplePass ${holder.token}` },
      payload: { pushToken: 'route-matrix-push-token' },
    });
    if (registered.statusCode !== 201) throw new Error(`device registration failed: ${registered.statusCode}`);
    return holder;
  }

  it('has a row for every registered route', () => {
    const registered = new Set(t.app.registeredRoutes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`));
    const rows = new Set(routeTable.map((r) => r.route));
    const missing = [...registered].filter((r) => !rows.has(r));
    const stale = [...rows].filter((r) => !registered.has(r));
    expect(missing, `Add a row for each of these routes to src/server/testing/route-access-table.ts: ${missing.join(', ')}`).toEqual([]);
    expect(stale, `These rows of route-access-table.ts name no registered route (remove or rename): ${stale.join(', ')}`).toEqual([]);
  });

  /** Everything a refused call could have touched, in a comparable form. */
  async function snapshot() {
    const db = t.database.db;
    const rows = await Promise.all([
      db.select().from(users),
      db.select().from(profiles),
      db.select().from(contacts),
      db.select().from(businesses),
      db.select().from(businessApplications),
      db.select().from(gifts),
      db.select().from(orders),
      db.select().from(checkouts),
      db.select().from(redemptions),
      db.select({ id: adminAuditLog.id }).from(adminAuditLog),
      db.select({ id: mailOutbox.id }).from(mailOutbox),
    ]);
    const byId = (list: Record<string, unknown>[]) =>
      [...list].sort((p, q) => String(p.id ?? p.userId).localeCompare(String(q.id ?? q.userId)));
    return JSON.stringify(rows.map((list) => byId(list as Record<string, unknown>[])));
  }

  it('answers every route × actor as the table says, and refused calls change nothing', async () => {
    await createWorld();
    const problems: string[] = [];
    for (const row of routeTable) {
      const method = row.route.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      const requests = new Map<Actor, Awaited<ReturnType<typeof row.request>>>();
      for (const actor of actors) requests.set(actor, await row.request(world, actor));
      const call = async (actor: Actor) =>
        (await authedInject(t, cookies[actor], { method, ...requests.get(actor)! })).statusCode;

      const before = await snapshot();
      const got = {} as Record<Actor, number>;
      for (const actor of actors.filter((a) => expectedStatus(row, a) >= 400)) got[actor] = await call(actor);
      if ((await snapshot()) !== before) problems.push(`${row.route}: a refused call changed data`);
      for (const actor of actors.filter((a) => expectedStatus(row, a) < 400)) got[actor] = await call(actor);
      for (const actor of actors) {
        if (got[actor] !== expectedStatus(row, actor)) problems.push(`${row.route} as ${actor}: expected ${expectedStatus(row, actor)}, got ${got[actor]}`);
      }
    }
    expect(problems).toEqual([]);
    // About 100 routes × 7 callers with two snapshots each: well past the default 30 s on a busy machine.
  }, 180_000);
});
