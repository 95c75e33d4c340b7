import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders, redemptions } from '../../db/schema/orders';
import { createGift, createOrder, createRedemptionCode, createUser, type CreateOrderInput } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { as, signedInOwner } from '../../testing/dashboard-test-world';

/** Test-only: owners at the counter, their gifts' orders, and the rows a redemption touches. */
export async function counter(t: TestApp, business: Parameters<typeof signedInOwner>[1] = {}) {
  const owner = await signedInOwner(t, business);
  const gift = await createGift(t.database.db, { businessId: owner.business.id, name: `Menú ${owner.business.name}` });
  const request = as(t, owner.cookie);
  return {
    ...owner,
    gift,
    /** A buyer (Spanish by default) and their order of this business's gift. */
    async order(input: Partial<CreateOrderInput> & { buyerLocale?: 'en' | 'es' } = {}) {
      const { buyerLocale, ...rest } = input;
      const buyer = await createUser(t.database.db, { locale: buyerLocale ?? 'es', name: 'Lucía Pérez' });
      const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, recipientName: 'Marta', ...rest });
      return { buyer, order };
    },
    lookup: (code: string) => request({ method: 'POST', url: '/api/business/redemptions/lookup', payload: { code } }),
    /** Redeems with what the recipient shows: the whole code, the gift URL or the typed code. */
    redeem: (code: string) => request({ method: 'POST', url: '/api/business/redemptions', payload: { code } }),
  };
}

/** A whole code ending in `suffix` (codes are otherwise random). */
export function codeEndingIn(suffix: string): string {
  return createRedemptionCode().slice(0, -suffix.length) + suffix;
}

/** Everything a redemption writes, to prove a refusal changed nothing. */
export async function redemptionState(t: TestApp, orderId: string) {
  const db = t.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const records = await db.select().from(redemptions).where(eq(redemptions.orderId, orderId));
  const mails = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.template, 'gift-enjoyed'));
  return { order, records, enjoyedMails: mails.length };
}
