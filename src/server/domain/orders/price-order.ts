import { randomBytes, randomUUID } from 'node:crypto';
import { splitCommission } from '@shared/domain/money';
import { CURRENCY } from '@shared/domain/order-status';
import { typedCodeFromBytes } from '@shared/domain/typed-code';
import { computeExpiresAt } from '@shared/domain/validity';

/** A redemption code: 32 random bytes, base64url (256 bits; DESIGN.md §5 asks ≥ 128). */
export function createRedemptionCode(): string {
  return randomBytes(32).toString('base64url');
}

/** The gift's code to type at the counter (ADR 055): 40 random bits, Crockford base32. */
export function createTypedCode(): string {
  return typedCodeFromBytes(randomBytes(5));
}

/**
 * What an unpaid order holds in its (unique, not null) code column: visibly not a
 * redemption code, and replaced by a fresh createRedemptionCode() at payment, so nothing
 * an unpaid order ever showed can open or redeem the paid gift.
 */
export function createPendingCode(): string {
  return `unpaid-${randomUUID()}`;
}

export interface PricedOrder {
  totalAmount: number;
  currency: string;
  /** The business's rate when the price was fixed (ADR 030); amounts only once paid. */
  commissionRate: number;
  commissionAmount: number | null;
  netAmount: number | null;
  qrCode: string;
  /** Null until paid, like the redemption code it goes with. */
  typedCode: string | null;
  expiresAt: Date;
}

/**
 * The one place an order's money, code and expiry are decided, from the gift and the
 * business as stored — never from what a client sent. Checkout, the dev endpoint and the
 * test/demo factories all call it, so they cannot drift apart.
 *
 * `paidAt` null → an unpaid order: no commission amounts and no redemption code yet,
 * expiry counted from `placedAt`.
 */
export function priceOrder(
  gift: { price: number; validityDays: number },
  business: { commissionRate: number | string },
  times: { placedAt: Date; paidAt: Date | null },
): PricedOrder {
  const rate = Number(business.commissionRate);
  const { commissionCents, netCents } = splitCommission(gift.price, rate);
  const isPaid = times.paidAt !== null;
  return {
    totalAmount: gift.price,
    currency: CURRENCY,
    commissionRate: rate,
    commissionAmount: isPaid ? commissionCents : null,
    netAmount: isPaid ? netCents : null,
    qrCode: isPaid ? createRedemptionCode() : createPendingCode(),
    typedCode: isPaid ? createTypedCode() : null,
    expiresAt: computeExpiresAt(times.paidAt ?? times.placedAt, gift.validityDays),
  };
}
