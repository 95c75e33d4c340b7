import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '@shared/contracts/account';
import { accounts, sessions, users } from '../../db/schema/auth';
import { businesses, businessInterests } from '../../db/schema/businesses';
import { contacts } from '../../db/schema/contacts';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { checkouts, orders } from '../../db/schema/orders';
import { profiles } from '../../db/schema/profiles';
import { authedInject, createSignedInUser, signIn } from '../../testing/auth-helpers';
import {
  createBusiness,
  createBusinessInterest,
  createContact,
  createGift,
  createOrder,
  createUser,
} from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('account export and deletion (GDPR)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A shop with a gift, and two givers who each have a contact and a paid order. */
  async function world() {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business', businessName: 'Horno San Vicente' });
    const shop = await createBusiness(db, { ownerId: owner.id, name: 'Horno San Vicente' });
    const gift = await createGift(db, { businessId: shop.id, name: 'Caja de fartons', price: 1800 });
    const me = await createSignedInUser(t, { name: 'Me Myself', email: 'me@example.test' });
    const other = await createUser(db, { email: 'other@example.test' });
    const myContact = await createContact(db, { userId: me.user.id, name: 'Abuela Pepa', phone: '+34612000111' });
    await createContact(db, { userId: other.id, name: 'Someone Else' });
    const myOrder = await createOrder(db, { buyerId: me.user.id, giftId: gift.id, recipientName: 'Abuela Pepa', personalMessage: '¡Felicidades!' });
    const otherOrder = await createOrder(db, { buyerId: other.id, giftId: gift.id, recipientName: 'Not Mine' });
    return { owner, shop, gift, me, other, myContact, myOrder, otherOrder };
  }

  it('exports only the caller’s own data as a JSON attachment, without secrets', async () => {
    const { me, myContact, myOrder } = await world();
    const res = await authedInject(t, me.cookie, { method: 'GET', url: '/api/account/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="regalo-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['content-type']).toContain('application/json');
    const data = res.json() as AccountExport;
    expect(data.user).toMatchObject({ id: me.user.id, email: 'me@example.test', name: 'Me Myself' });
    expect(data.profile).toMatchObject({ email: 'me@example.test', fullName: 'Me Myself' });
    expect(data.contacts).toEqual([expect.objectContaining({ id: myContact.id, name: 'Abuela Pepa' })]);
    expect(data.orders).toEqual([
      expect.objectContaining({ id: myOrder.id, giftName: 'Caja de fartons', businessName: 'Horno San Vicente', recipientName: 'Abuela Pepa', handover: 'send', totalAmount: 1800 }),
    ]);
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.business).toBeNull();
    expect(res.body).not.toContain('Not Mine');
    expect(res.body).not.toContain('Someone Else');
    expect(res.body).not.toContain('$argon2');
    expect(res.body).not.toContain(myOrder.qrCode);
  });

  it('needs a session for export and deletion', async () => {
    expect((await authedInject(t, null, { method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
    const del = await authedInject(t, null, { method: 'DELETE', url: '/api/account', payload: { confirm: 'x@example.test' } });
    expect(del.statusCode).toBe(401);
  });

  it('refuses deletion without the right confirmation and keeps everything', async () => {
    const { me } = await world();
    for (const payload of [{}, { confirm: 'other@example.test' }, { password: 'not-my-password' }]) {
      const res = await authedInject(t, me.cookie, { method: 'DELETE', url: '/api/account', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await t.database.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(1);
  });

  it('deletes personal data in one go, keeps orders for the business anonymised, and signs out', async () => {
    const { me, myOrder, otherOrder, other } = await world();
    await createBusinessInterest(t.database.db, { email: 'me@example.test', userId: me.user.id });
    const res = await authedInject(t, me.cookie, { method: 'DELETE', url: '/api/account', payload: { password: me.password } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/better-auth\.session_token=;.*Max-Age=0/);

    const db = t.database.db;
    const id = me.user.id;
    expect(await db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect(await db.select().from(accounts).where(eq(accounts.userId, id))).toHaveLength(0);
    expect(await db.select().from(profiles).where(eq(profiles.userId, id))).toHaveLength(0);
    expect(await db.select().from(contacts).where(eq(contacts.userId, id))).toHaveLength(0);
    expect(await db.select().from(businessInterests).where(eq(businessInterests.email, 'me@example.test'))).toHaveLength(0);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'me@example.test'))).toHaveLength(0);
    const [kept] = await db.select().from(orders).where(eq(orders.id, myOrder.id));
    expect(kept).toMatchObject({ buyerId: null, status: 'paid', totalAmount: 1800 });
    const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, kept!.checkoutId!));
    expect(checkout?.buyerId ?? null).toBeNull();
    // Nobody else is touched.
    expect((await db.select().from(orders).where(eq(orders.id, otherOrder.id)))[0]).toMatchObject({ buyerId: other.id });
    expect(await db.select().from(users).where(eq(users.id, other.id))).toHaveLength(1);

    expect((await authedInject(t, me.cookie, { method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });

  it('forgets the guest name and email of purchases made with its address, claimed or not (ADR 075)', async () => {
    const { me, gift, other } = await world();
    const db = t.database.db;
    const guestCheckout = (email: string, buyerId: string | null) =>
      db
        .insert(checkouts)
        .values({
          buyerId,
          guestName: 'Me as a guest',
          guestEmail: email,
          guestLocale: 'es',
          claimedAt: buyerId ? new Date() : null,
          status: 'succeeded',
          provider: 'test',
          amountTotal: gift.price,
          idempotencyKey: `key_${crypto.randomUUID().replaceAll('-', '')}`,
          completedAt: new Date(),
        })
        .returning()
        .then(([row]) => row!);
    const claimed = await guestCheckout('me@example.test', me.user.id);
    const unclaimed = await guestCheckout('ME@example.test', null);
    const someoneElses = await guestCheckout('other@example.test', null);
    const res = await authedInject(t, me.cookie, { method: 'DELETE', url: '/api/account', payload: { password: me.password } });
    expect(res.statusCode).toBe(204);
    const read = async (id: string) => (await db.select().from(checkouts).where(eq(checkouts.id, id)))[0];
    for (const row of [claimed, unclaimed]) {
      expect(await read(row.id)).toMatchObject({ buyerId: null, guestName: null, guestEmail: null, guestLocale: null, claimedAt: null, amountTotal: gift.price });
    }
    expect(await read(someoneElses.id)).toMatchObject({ guestEmail: 'other@example.test', guestName: 'Me as a guest' });
    expect(other.email).toBe('other@example.test');
  });

  it('keeps a deleted owner’s business for its orders, without owner and out of the listing', async () => {
    const { owner, shop } = await world();
    const { cookie } = await signIn(t, { email: owner.email, password: owner.password });
    const res = await authedInject(t, cookie, { method: 'DELETE', url: '/api/account', payload: { password: owner.password } });
    expect(res.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, shop.id));
    expect(row).toMatchObject({ ownerId: null, isActive: false, name: 'Horno San Vicente' });
  });
});
