import { randomBytes, randomUUID } from 'node:crypto';
import { splitOrderAmounts } from '@shared/domain/money';
import { CURRENCY } from '@shared/domain/order-status';
import { typedCodeFromBytes } from '@shared/domain/typed-code';
import { computeExpiresAt } from '@shared/domain/validity';

/** A redemption code: 32 random bytes, base64url (256 bits; at least 128 keep it unguessable). */
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
  /** The IVA rate on Regalo's commission (COMMISSION_VAT_RATE) when paid; null while unpaid (ADR 053). */
  vatRate: number | null;
  commissionAmount: number | null;
  commissionVatAmount: number | null;
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
 * expiry counted from `placedAt`. Paid → `vatRate` (the COMMISSION_VAT_RATE in force at
 * payment) is required: commission, its VAT and the business's net follow ADR 053's one rule.
 */
export function priceOrder(
  gift: { price: number; validityDays: number },
  business: { commissionRate: number | string },
  times: { placedAt: Date; paidAt: Date | null },
  vatRate: number | null = null,
): PricedOrder {
  const rate = Number(business.commissionRate);
  const isPaid = times.paidAt !== null;
  if (isPaid && vatRate === null) throw new Error('priceOrder: a paid order needs the commission VAT rate');
  const amounts = isPaid ? payOrderAmounts(gift.price, rate, vatRate!) : null;
  return {
    totalAmount: gift.price,
    currency: CURRENCY,
    commissionRate: rate,
    vatRate: isPaid ? vatRate : null,
    commissionAmount: amounts?.commissionAmount ?? null,
    commissionVatAmount: amounts?.commissionVatAmount ?? null,
    netAmount: amounts?.netAmount ?? null,
    qrCode: isPaid ? createRedemptionCode() : createPendingCode(),
    typedCode: isPaid ? createTypedCode() : null,
    expiresAt: computeExpiresAt(times.paidAt ?? times.placedAt, gift.validityDays),
  };
}

/**
 * An order's money fixed at payment, from the commission rate stored at checkout and the VAT
 * rate in force at payment: what completePayment writes and what the factories write, so a
 * test order and a real one cannot differ.
 */
export function payOrderAmounts(totalAmount: number, commissionRate: number | string, vatRate: number | string) {
  const { commissionCents, commissionVatCents, netCents } = splitOrderAmounts(totalAmount, commissionRate, vatRate);
  return { commissionAmount: commissionCents, commissionVatAmount: commissionVatCents, netAmount: netCents, vatRate: Number(vatRate) };
}
