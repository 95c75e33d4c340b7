import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { users } from '../../db/schema/auth';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { authedInject, cookieFrom, signIn } from '../../testing/auth-helpers';
import { line, newKey, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { findPurchaser, findPurchasersOfOrders, ORDERS_PATH, purchaserContact } from './find-purchaser';
import { readPurchaseToken } from './purchase-link';

/*
 * Who bought a purchase, read once for everyone (ADR 097): a giver with an account, a guest,
 * and a guest's purchase added to an account later. Purchases are made through the real
 * server; the places that read the purchaser (the receipt, the withdrawal form, the admin's
 * search, the purchase page) are checked to agree with it.
 */

describe('findPurchaser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const links = () => ({ publicUrl: t.config.publicUrl, authSecret: t.config.authSecret });
  const pay = (cookie: string | null, checkoutId: string) => authedInject(t, cookie, { method: 'POST', url: `/api/payments/test/${checkoutId}/succeed` });
  const orderIdsOf = async (checkoutId: string) => (await db().select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId))).map((o) => o.id);
  const receiptTo = async (email: string) =>
    (await db().select().from(mailOutbox).where(and(eq(mailOutbox.template, 'order-receipt'), eq(mailOutbox.to, email)))).length;

  async function guestPurchase(giftId: string, email: string) {
    const created = await authedInject(t, null, {
      method: 'POST',
      url: '/api/guest-checkouts',
      payload: { idempotencyKey: newKey(), acceptedTermsVersion: TERMS_VERSION, lines: [line(giftId)], buyer: { name: 'Pau Convidat', email, locale: 'va' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const paid = await pay(cookieFrom(created), created.json().id);
    expect(paid.statusCode, paid.body).toBe(200);
    return { checkoutId: created.json().id as string, token: (created.json().purchasePath as string).replace(/^\/purchase\//, '') };
  }

  it('a giver with an account: the account, reached at "My orders"; the receipt, the withdrawal form and the admin search agree', async () => {
    const { tea } = await shop(t);
    const giver = await signedIn(t, { name: 'Marta Compradora', locale: 'es' });
    const created = await postCheckout(t, giver.cookie, [line(tea.id), line(tea.id)]);
    expect(created.statusCode, created.body).toBe(201);
    const checkoutId = created.json().id as string;
    expect((await pay(giver.cookie, checkoutId)).statusCode).toBe(200);

    const purchaser = await findPurchaser(db(), { checkoutId });
    expect(purchaser).toMatchObject({
      kind: 'account',
      checkoutId,
      purchaseStatus: 'succeeded',
      accountId: giver.user.id,
      name: 'Marta Compradora',
      email: giver.user.email,
      locale: 'es',
      guest: null,
      claimedAt: null,
    });
    // Each gift of the purchase has the same purchaser, read one by one or as a batch.
    const orderIds = await orderIdsOf(checkoutId);
    expect(orderIds).toHaveLength(2);
    expect(await findPurchaser(db(), { orderId: orderIds[0]! })).toEqual(purchaser);
    const batch = await findPurchasersOfOrders(db(), orderIds);
    expect([...batch.values()]).toEqual([purchaser, purchaser]);
    expect(purchaserContact(purchaser, links())).toEqual({ name: 'Marta Compradora', email: giver.user.email, locale: 'es', ordersUrl: `${t.config.publicUrl}${ORDERS_PATH}` });

    expect(await receiptTo(giver.user.email)).toBe(1);
    const form = await authedInject(t, giver.cookie, { method: 'GET', url: `/api/my/withdrawals/${checkoutId}` });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ name: 'Marta Compradora', email: giver.user.email });
  });

  it('a guest: the guest’s own details, reached at the signed purchase page in the language they bought in', async () => {
    const { tea } = await shop(t);
    const email = `guest-${randomUUID().slice(0, 8)}@example.test`;
    const { checkoutId, token } = await guestPurchase(tea.id, email);

    const purchaser = await findPurchaser(db(), { checkoutId });
    expect(purchaser).toMatchObject({
      kind: 'guest',
      checkoutId,
      accountId: null,
      name: 'Pau Convidat',
      email,
      locale: 'va',
      guest: { name: 'Pau Convidat', email, locale: 'va' },
      claimedAt: null,
    });
    const [orderId] = await orderIdsOf(checkoutId);
    expect(await findPurchaser(db(), { orderId: orderId! })).toEqual(purchaser);
    const contact = purchaserContact(purchaser, links())!;
    expect(contact.email).toBe(email);
    const [, pathToken, lang] = /^http:\/\/localhost:3000\/purchase\/([^?]+)\?lang=(\w+)$/.exec(contact.ordersUrl)!;
    expect(lang).toBe('va');
    // The link opens this very purchase.
    expect(readPurchaseToken(t.config.authSecret, pathToken!, new Date())).toMatchObject({ ok: true, checkoutId });

    expect(await receiptTo(email)).toBe(1);
    const page = await authedInject(t, null, { method: 'GET', url: `/api/purchases/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ buyerName: 'Pau Convidat', buyerEmail: email, account: 'signed_out' });
    // The admin finds the order by the guest's address.
    const admin = await signedIn(t, { role: 'admin' });
    const found = await authedInject(t, admin.cookie, { method: 'GET', url: `/api/admin/orders?buyer=${encodeURIComponent(email)}` });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((o: { id: string; buyerEmail: string }) => [o.id, o.buyerEmail])).toEqual([[orderId, email]]);
  });

  it('a guest’s purchase added to an account later: the account is the purchaser, the guest’s details stay; the account deleted, the guest is again', async () => {
    const { tea } = await shop(t);
    const email = `claimed-${randomUUID().slice(0, 8)}@example.test`;
    const { checkoutId, token } = await guestPurchase(tea.id, email.toUpperCase());
    const account = await createUser(db(), { email, emailVerified: true, name: 'Pau Amb Compte', locale: 'en' });
    const { cookie } = await signIn(t, { email, password: account.password });
    const claimed = await authedInject(t, cookie, { method: 'POST', url: `/api/purchases/${token}/claim` });
    expect(claimed.statusCode, claimed.body).toBe(200);

    const purchaser = await findPurchaser(db(), { checkoutId });
    expect(purchaser).toMatchObject({
      kind: 'account',
      accountId: account.id,
      name: 'Pau Amb Compte',
      email,
      locale: 'en',
      guest: { name: 'Pau Convidat', email: email.toUpperCase(), locale: 'va' },
    });
    expect(purchaser!.claimedAt).toBeInstanceOf(Date);
    const [orderId] = await orderIdsOf(checkoutId);
    expect(await findPurchaser(db(), { orderId: orderId! })).toEqual(purchaser);
    // Mail about it now goes to the account's "My orders".
    expect(purchaserContact(purchaser, links())!.ordersUrl).toBe(`${t.config.publicUrl}${ORDERS_PATH}`);
    // The purchase page says it is in this account; the withdrawal form is filled with the account.
    expect((await authedInject(t, cookie, { method: 'GET', url: `/api/purchases/${token}` })).json()).toMatchObject({ account: 'added', buyerName: 'Pau Convidat' });
    expect((await authedInject(t, cookie, { method: 'GET', url: `/api/my/withdrawals/${checkoutId}` })).json()).toMatchObject({ name: 'Pau Amb Compte', email });

    // The account deleted (its rows' buyer goes null): the guest who paid is who to reach again.
    await db().delete(users).where(eq(users.id, account.id));
    const after = await findPurchaser(db(), { orderId: orderId! });
    expect(after).toMatchObject({ kind: 'guest', accountId: null, name: 'Pau Convidat', email: email.toUpperCase(), locale: 'va' });
    expect(after!.claimedAt).toBeInstanceOf(Date);
  });

  it('nobody to reach: an account’s purchase whose account is gone, and an unknown id', async () => {
    const { tea } = await shop(t);
    const giver = await signedIn(t);
    const created = await postCheckout(t, giver.cookie, [line(tea.id)]);
    const checkoutId = created.json().id as string;
    await db().delete(users).where(eq(users.id, giver.user.id));
    expect(await findPurchaser(db(), { checkoutId })).toBeNull();
    expect(purchaserContact(null, links())).toBeNull();
    expect(await findPurchaser(db(), { checkoutId: randomUUID() })).toBeNull();
    expect(await findPurchasersOfOrders(db(), [])).toEqual(new Map());
  });
});
