import { and, eq } from 'drizzle-orm';
import { sessionUserSchema } from '@shared/contracts/session';
import type { Config } from '../../config';
import { completePayment } from '../../features/checkout/complete-payment';
import { createCheckout } from '../../features/checkout/create-checkout';
import { createTestPaymentProvider } from '../../platform/payments/test-provider';
import { createOrder, type UserRow } from '../../testing/factories';
import type { Executor } from '../client';
import { businesses } from '../schema/businesses';
import { orders } from '../schema/orders';
import { recordExpiryMovements } from '../../money/ledger/record-expiry';
import { settleRedemption } from '../../money/transfers/settle-redemption';
import type { DemoOrder } from './demo-data';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { findPurchase } from '../../features/withdrawal/load-purchase';
import { withdrawOrders } from '../../features/withdrawal/withdraw-from-purchase';
import { firstName } from '../../domain/orders/first-name';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * One demo order, bought the way a giver buys: create-checkout then a successful test
 * payment (same pricing, commission, code, expiry and emails as the product), with the
 * clock set to when the demo says it was placed. What checkout cannot produce by itself is
 * then applied as the rest of the product would: a redemption a day later, or the expiry
 * job's status. An `unpaid` order that never expires and a platform refund (`cancelled`)
 * are not reachable through checkout, so those come from the shared factory.
 */
export async function placeDemoOrder(
  tx: Executor,
  config: Config,
  input: {
    buyer: UserRow;
    order: DemoOrder;
    giftId: string;
    contact: { id: string | null; name: string; phone: string | null; email: string | null };
    placedAt: Date;
    now: Date;
    key: string;
  },
): Promise<void> {
  const { buyer, order, contact, placedAt, now } = input;
  if (order.status === 'unpaid' || order.status === 'cancelled') {
    await createOrder(tx, {
      buyerId: buyer.id,
      giftId: input.giftId,
      status: order.status,
      recipientName: contact.name,
      recipientPhone: contact.phone,
      recipientEmail: contact.email,
      personalMessage: order.personalMessage,
      recipientLocale: order.recipientLocale ?? 'es',
      // Signed with the giver's first name, as checkout signs every order.
      senderName: firstName(buyer.name),
      contactId: contact.id,
      createdAt: placedAt,
      now,
    });
    return;
  }

  const user = sessionUserSchema.parse({ ...buyer, role: buyer.role === 'admin' ? 'admin' : 'user' });
  const { checkout } = await createCheckout(
    { db: tx, now: () => placedAt, payments: createTestPaymentProvider(config.publicUrl) },
    user,
    {
      idempotencyKey: input.key,
      // The demo's giver paid under today's terms of sale, as a real one would have accepted them.
      acceptedTermsVersion: TERMS_VERSION,
      lines: [
        {
          giftId: input.giftId,
          recipientName: contact.name,
          recipientEmail: contact.email,
          recipientPhone: contact.phone,
          personalMessage: order.personalMessage,
          recipientLocale: order.recipientLocale ?? 'es',
          contactId: contact.id,
          delivery: { kind: 'now' },
          ...(order.card ? { amountCents: order.card.amountCents } : {}),
        },
      ],
    },
  );
  const paidAt = new Date(placedAt.getTime() + 2 * MINUTE);
  await completePayment(tx, { now: () => paidAt, config }, { checkoutId: checkout.id, paymentRef: `test_payment_${checkout.id}` });

  const [paid] = await tx.select().from(orders).where(eq(orders.checkoutId, checkout.id));
  if (!paid) throw new Error(`demo order for ${order.giftName} was not created`);
  if (order.status === 'redeemed') {
    const redeemedAt = new Date(Math.min(now.getTime(), paid.expiresAt.getTime(), paidAt.getTime() + DAY));
    await tx.update(orders).set({ status: 'redeemed', redeemedAt, updatedAt: redeemedAt }).where(and(eq(orders.id, paid.id), eq(orders.status, 'paid')));
    const [business] = await tx.select({ ownerId: businesses.ownerId }).from(businesses).where(eq(businesses.id, paid.businessId));
    await settleRedemption(tx, { orderId: paid.id, businessId: paid.businessId, checkoutId: paid.checkoutId, amount: paid.totalAmount, redeemedBy: business?.ownerId ?? null, method: 'scan', at: redeemedAt });
  } else if (order.card) {
    // Its uses at the counter, as the counter's use case records them (ADR 104).
    const [business] = await tx.select({ ownerId: businesses.ownerId }).from(businesses).where(eq(businesses.id, paid.businessId));
    for (const [i, use] of order.card.uses.entries()) {
      const at = new Date(paidAt.getTime() + use.afterDays * DAY);
      if (at.getTime() > now.getTime()) throw new Error(`demo card use ${i} of ${order.giftName} is in the future`);
      await settleRedemption(tx, { orderId: paid.id, businessId: paid.businessId, checkoutId: paid.checkoutId, amount: use.amountCents, redeemedBy: business?.ownerId ?? null, method: 'manual', at, useKey: `${input.key}-use-${i}` });
    }
  } else if (order.status === 'withdrawn') {
    // The giver used the right of withdrawal an hour after paying, from "My orders".
    const withdrawnAt = new Date(paidAt.getTime() + 60 * MINUTE);
    const access = { kind: 'account' as const, userId: buyer.id };
    const purchase = await findPurchase(tx, checkout.id, access);
    const input = { name: buyer.name, email: buyer.email, orderIds: [paid.id], locale: buyer.locale };
    await withdrawOrders(tx, { config, payments: createTestPaymentProvider(config.publicUrl) }, purchase, access, input, withdrawnAt);
  } else if (order.status === 'expired') {
    if (paid.expiresAt.getTime() >= now.getTime()) throw new Error(`demo order for ${order.giftName} is not old enough to have expired`);
    await tx.update(orders).set({ status: 'expired', updatedAt: paid.expiresAt }).where(eq(orders.id, paid.id));
    // What the gift had left expires with it, as the expiry job writes it (ADR 096).
    await recordExpiryMovements(tx, [paid.id], paid.expiresAt);
  }
}
