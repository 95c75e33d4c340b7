import { and, eq } from 'drizzle-orm';
import { refusalForStatus, type RedemptionOrder } from '@shared/contracts/redemption';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';
import { formatPrice } from '@shared/format';
import { giftMovementKey, giftMovementSigns, type GiftMovementKind } from '@shared/domain/gift-movements';
import { giftMovements, orders } from '../../db/schema/orders';
import { settleRedemption } from '../../money/transfers/settle-redemption';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { giftPageUrl } from '../../domain/orders/gift-page-url';
import { findRedemptionRow, type RecipientCode } from './find-redemption-order';
import { withCard } from './redemption-order';

export interface UseCardInput {
  business: { id: string; name: string };
  userId: string;
  code: RecipientCode;
  amountCents: number;
  /** The counter's key for this use: a repeat spends nothing more (ADR 104). */
  idempotencyKey: string;
}

/**
 * Spends an amount of a gift card at the counter (ADR 104), in one transaction: the
 * card's order row is locked first, so simultaneous uses (two phones, a retry racing its
 * original, an undo, a withdrawal) are decided one after the other against the balance as
 * it is; then the use as a movement with its ledger row and record, and the first use
 * bringing the business's transfer forward (`settleRedemption`); the use taking the last
 * cent marks the card redeemed; the holder's email when their address is known. A repeat of
 * the key answers the use it made and spends nothing. Refusals change nothing.
 */
export async function useCard(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, input: UseCardInput): Promise<RedemptionOrder> {
  const now = ctx.now();
  // Which card the code names (and whose it is): refusals for another business's code or an
  // unknown one come from here, before anything is locked.
  const found = await findRedemptionRow(ctx.db, input.business.id, input.code);
  const used = await ctx.db.transaction(async (tx) => {
    const [card] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        valueKind: orders.valueKind,
        expiresAt: orders.expiresAt,
        checkoutId: orders.checkoutId,
        recipientEmail: orders.recipientEmail,
        recipientLocale: orders.recipientLocale,
        qrCode: orders.qrCode,
      })
      .from(orders)
      .where(and(eq(orders.id, found.orderId), eq(orders.businessId, input.business.id)))
      .for('update');
    if (!card) throw new AppError('order_not_found', 404, 'None of your gifts has this code');
    if (card.valueKind !== 'card') throw new AppError('gift_not_card', 409, 'This gift is redeemed whole, without an amount');
    const key = giftMovementKey('redeemed', card.id, `use-${input.idempotencyKey}`);
    const movements = await tx
      .select({ kind: giftMovements.kind, amount: giftMovements.amount, key: giftMovements.idempotencyKey, at: giftMovements.createdAt })
      .from(giftMovements)
      .where(eq(giftMovements.orderId, card.id));
    const remaining = movements.reduce((sum, m) => sum + giftMovementSigns[m.kind as GiftMovementKind] * m.amount, 0);
    const repeat = movements.find((m) => m.key === key);
    if (repeat) {
      if (repeat.amount !== input.amountCents) throw new AppError('idempotency_key_reused', 409, 'This key was used for another amount');
      // The same answer as the first time: the balance that use left, not what later uses,
      // undos or refunds made of it. Uses are decided one at a time under the row lock, so
      // the movements before it are those written earlier (the issue always is).
      const before = movements.filter((m) => m !== repeat && (m.kind === 'issued' || m.at < repeat.at));
      const leftThen = before.reduce((sum, m) => sum + giftMovementSigns[m.kind as GiftMovementKind] * m.amount, 0) - repeat.amount;
      return { redeemedCents: repeat.amount, remainingCents: leftThen };
    }
    const status = effectiveOrderStatus(card.status as OrderStatus, card.expiresAt, now);
    const refusal = refusalForStatus(status);
    if (refusal) throw new AppError(refusal, 409, 'This card can no longer be used');
    if (input.amountCents > remaining) {
      throw new AppError('insufficient_balance', 409, `Only ${remaining} cents are left on this card`, undefined, { availableCents: remaining });
    }
    await settleRedemption(tx, {
      orderId: card.id,
      businessId: input.business.id,
      checkoutId: card.checkoutId,
      amount: input.amountCents,
      redeemedBy: input.userId,
      method: input.code.kind === 'code' ? 'scan' : 'manual',
      at: now,
      useKey: input.idempotencyKey,
    });
    const left = remaining - input.amountCents;
    // Spent to the last cent: the card is redeemed, as a fixed gift is.
    if (left === 0) await tx.update(orders).set({ status: 'redeemed', redeemedAt: now, updatedAt: now }).where(eq(orders.id, card.id));
    if (card.recipientEmail) {
      await enqueueMail(tx, {
        to: card.recipientEmail,
        template: 'card-used',
        locale: toMailLocale(card.recipientLocale) ?? 'es',
        data: {
          businessName: input.business.name,
          amount: formatPrice(input.amountCents),
          balance: formatPrice(left),
          spent: left === 0,
          url: giftPageUrl(ctx.config.publicUrl, card.qrCode),
        },
      });
    }
    return { redeemedCents: input.amountCents, remainingCents: left };
  });
  const [row] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, found.orderId));
  return { ...(await withCard(ctx.db, { ...found, status: row!.status }, now)), ...used };
}
