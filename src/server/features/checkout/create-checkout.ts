import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Checkout, createCheckoutInputSchema } from '@shared/contracts/checkout';
import { checkoutFieldErrors } from '@shared/contracts/checkout';
import type { SessionUser } from '@shared/contracts/session';
import type { Locale } from '@shared/locale';
import type { Handover } from '@shared/domain/handover';
import { resolveDelivery } from '@shared/domain/delivery-time';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { CURRENCY } from '@shared/domain/order-status';
import { computeExpiresAt } from '@shared/domain/validity';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { contacts } from '../../db/schema/contacts';
import { checkouts, orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { TEST_CHECKOUT_LIFETIME_MS } from '../../platform/payments/test-provider';
import { isUniqueViolation } from '../../db/unique-violation';
import { createPendingCode, priceOrder } from '../../domain/orders/price-order';
import { findGiftsForSale, type GiftForSale } from './find-gifts-for-sale';
import { cardAmountError, cardAmountErrors } from '@shared/domain/gift-card';
import { checkoutView, toCheckoutView, type CheckoutLineRow, type CheckoutRow } from './get-checkout';
import { firstName } from '../../domain/orders/first-name';

export type CreateCheckoutInput = z.output<typeof createCheckoutInputSchema>;

/**
 * Who pays: a signed-in giver, or a guest with a name and an email and no account (ADR 075).
 * A guest has no contacts, so a line naming one is refused.
 */
export type CheckoutBuyer = SessionUser | GuestCheckoutBuyer;
export interface GuestCheckoutBuyer {
  guest: true;
  name: string;
  email: string;
  locale: Locale;
}
const isGuest = (buyer: CheckoutBuyer): buyer is GuestCheckoutBuyer => 'guest' in buyer;
const handoverOf = (line: CreateCheckoutInput['lines'][number]): Handover => (line.delivery.kind === 'in_person' ? 'in_person' : 'send');
/** The database may be a transaction (the demo seed places its orders inside its own). */
export type CheckoutContext = Pick<AppContext, 'now' | 'payments'> & { db: Executor; config?: Pick<AppContext['config'], 'authSecret'> };

/**
 * How long a guest's repeat (same key and email) answers with its checkout and a purchase
 * cookie: a retry, a double click, a reload while paying. A guest has no session, so past that
 * (or once paid or closed) the key and the email would be a password to the purchase for
 * good; the purchase is then reached by its link or "Find my purchases".
 */
export const GUEST_REPEAT_WINDOW_MS = 60 * 60 * 1000;

/**
 * The buyer's checkout made with this key. Guests share the null buyer, so theirs is found
 * by key and email; the same key under another email is somebody else's and is refused, and
 * so is a repeat of a guest's checkout that is paid, closed or older than the window.
 */
async function findByKey(db: Executor, buyer: CheckoutBuyer, key: string, now: Date): Promise<CheckoutRow | null> {
  if (!isGuest(buyer)) {
    const [row] = await db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.buyerId, buyer.id), eq(checkouts.idempotencyKey, key)));
    return row ?? null;
  }
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(isNull(checkouts.buyerId), eq(checkouts.idempotencyKey, key)));
  if (!row) return null;
  if (row.guestEmail?.toLowerCase() !== buyer.email.toLowerCase()) {
    throw new AppError('idempotency_key_reused', 409, 'This checkout key belongs to another purchase; start the checkout again');
  }
  if (row.status !== 'pending' || now.getTime() - row.createdAt.getTime() > GUEST_REPEAT_WINDOW_MS) {
    throw new AppError('checkout_key_closed', 409, 'This checkout is paid, closed or too old to repeat; open it from its purchase link');
  }
  return row;
}

/**
 * One checkout and one unpaid order per line, in one transaction, priced from the database
 * at this moment: prices, totals and commission never come from the client. The client's idempotency key makes a retry (double click,
 * flaky network, two tabs) return the same checkout: the unique (buyer, key) constraint
 * decides between concurrent requests and the loser reads the winner's row.
 *
 * The payment is created at the provider after the commit (no network call holds a
 * transaction open); a checkout left without one (provider down) gets it on the retry.
 */
export async function createCheckout(
  ctx: CheckoutContext,
  buyer: CheckoutBuyer,
  input: CreateCheckoutInput,
): Promise<{ checkout: Checkout; created: boolean }> {
  // Paying means accepting the terms of sale shown on the page: the version is stored below.
  if (input.acceptedTermsVersion !== TERMS_VERSION) {
    throw new AppError('terms_not_accepted', 409, `Accept the current terms of sale (version ${TERMS_VERSION}) to pay`);
  }
  const existing = await findByKey(ctx.db, buyer, input.idempotencyKey, ctx.now());
  if (existing) return { checkout: await withPayment(ctx, buyer, existing), created: false };

  const now = ctx.now();
  const fields: Record<string, string> = {};
  const deliverAts = input.lines.map((line, i) => {
    // Given in person: nothing goes out until the giver sends it later (ADR 103).
    if (line.delivery.kind === 'in_person') return null;
    const decision = resolveDelivery(line.delivery, now);
    if (!decision.ok) {
      fields[`lines.${i}.delivery`] = decision.error;
      return null;
    }
    return decision.deliverAt;
  });
  const contactIds = [...new Set(input.lines.map((l) => l.contactId).filter((id): id is string => Boolean(id)))];
  const mine = new Set(
    isGuest(buyer) || contactIds.filter(isUuid).length === 0
      ? []
      : (
          await ctx.db
            .select({ id: contacts.id })
            .from(contacts)
            .where(and(eq(contacts.userId, (buyer as SessionUser).id), inArray(contacts.id, contactIds.filter(isUuid))))
        ).map((c) => c.id),
  );
  input.lines.forEach((line, i) => {
    if (line.contactId && !mine.has(line.contactId)) fields[`lines.${i}.contactId`] = 'invalid';
  });
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);

  let placed: { checkout: CheckoutRow; lines: CheckoutLineRow[] };
  try {
    placed = await ctx.db.transaction(async (tx) => {
      const forSale = await findGiftsForSale(tx, input.lines.map((l) => l.giftId), now);
      const unavailable: Record<string, string> = {};
      input.lines.forEach((line, i) => {
        const gift = forSale.get(line.giftId);
        if (gift?.waitsForBookingTimes) unavailable[`lines.${i}.giftId`] = checkoutFieldErrors.noBookingTimes;
        else if (!gift?.isForSale) unavailable[`lines.${i}.giftId`] = checkoutFieldErrors.giftUnavailable;
      });
      if (Object.keys(unavailable).length > 0) {
        const names = input.lines.flatMap((l) => forSale.get(l.giftId)?.name ?? []).filter((n, i, a) => a.indexOf(n) === i);
        throw new AppError('gift_unavailable', 409, `No longer available: ${names.join(', ') || 'unknown gift'}`, unavailable);
      }
      // A scheduled gift must arrive while it can still be used.
      const tooLate: Record<string, string> = {};
      input.lines.forEach((line, i) => {
        const deliverAt = deliverAts[i];
        const gift = forSale.get(line.giftId)!;
        if (deliverAt && deliverAt > computeExpiresAt(now, gift.validityDays)) {
          tooLate[`lines.${i}.delivery`] = checkoutFieldErrors.deliveryTooFar;
        }
      });
      if (Object.keys(tooLate).length > 0) throw AppError.validation(tooLate);
      const badAmounts = amountErrors(input.lines, forSale);
      if (Object.keys(badAmounts).length > 0) throw AppError.validation(badAmounts);

      // A gift card's line is priced at the amount the giver chose, checked above against the
      // card's bounds as stored now; commission and its VAT follow as for a fixed gift of
      // that price (ADR 108). A fixed gift's line is its price.
      const priced = input.lines.map((line) => {
        const gift = forSale.get(line.giftId)!;
        const valueKind = gift.kind;
        const price = valueKind === 'card' ? line.amountCents! : gift.price;
        return { line, gift, valueKind, price: priceOrder({ price, validityDays: gift.validityDays }, gift, { placedAt: now, paidAt: null }) };
      });
      const total = priced.reduce((sum, p) => sum + p.price.totalAmount, 0);
      const [checkout] = await tx
        .insert(checkouts)
        .values({
          buyerId: isGuest(buyer) ? null : buyer.id,
          ...(isGuest(buyer) ? { guestName: buyer.name, guestEmail: buyer.email, guestLocale: buyer.locale } : {}),
          status: 'pending',
          provider: ctx.payments.name,
          amountTotal: total,
          currency: CURRENCY,
          idempotencyKey: input.idempotencyKey,
          termsVersion: TERMS_VERSION,
          // Replaced by the provider's own lifetime once the payment exists.
          expiresAt: new Date(now.getTime() + TEST_CHECKOUT_LIFETIME_MS),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      // How the gift is signed for the recipient: the giver's first name.
      const senderName = firstName(buyer.name);
      const inserted = await tx.insert(orders).values(
        priced.map(({ line, gift, valueKind, price }, i) => ({
          checkoutId: checkout!.id,
          buyerId: isGuest(buyer) ? null : buyer.id,
          giftId: gift.id,
          businessId: gift.businessId,
          status: 'unpaid',
          totalAmount: price.totalAmount,
          valueKind,
          currency: price.currency,
          // The rate agreed when the price was fixed (ADR 030); amounts are set at payment.
          commissionRate: price.commissionRate,
          // Given in person, the name may be left out (ADR 103): stored empty, never invented.
          recipientName: line.recipientName ?? '',
          recipientEmail: line.recipientEmail,
          recipientPhone: line.recipientPhone,
          handover: handoverOf(line),
          personalMessage: line.personalMessage,
          recipientLocale: line.recipientLocale,
          senderName,
          deliverAt: deliverAts[i] ?? null,
          contactId: line.contactId ?? null,
          // Only a gift booked online is booked where the notice could follow.
          giverWantsBookingNotice: gift.isBookedOnline && line.giverWantsBookingNotice === true,
          // Not a redemption code: a fresh one is drawn at payment (complete-payment.ts).
          qrCode: createPendingCode(),
          expiresAt: price.expiresAt,
          // Keeps the lines in the order the giver typed them.
          createdAt: new Date(now.getTime() + i),
          updatedAt: now,
        })),
      ).returning({ id: orders.id, createdAt: orders.createdAt });
      // The lines exactly as toCheckoutView would read them back, without reading them back:
      // line i is the order created at now + i.
      const idAt = new Map(inserted.map((o) => [o.createdAt.getTime(), o.id]));
      const lines = priced.map(({ line, gift, valueKind, price }, i): CheckoutLineRow => ({
        orderId: idAt.get(now.getTime() + i)!,
        giftId: gift.id,
        giftName: gift.name,
        businessName: gift.businessName,
        recipientName: line.recipientName ?? '',
        status: 'unpaid',
        handover: handoverOf(line),
        // Unpaid: no page to open yet (its placeholder is no code), so none is named.
        qrCode: '',
        price: price.totalAmount,
        valueKind,
        validityDays: gift.validityDays,
        paidAt: null,
        expiresAt: price.expiresAt,
        deliverAt: deliverAts[i] ?? null,
      }));
      return { checkout: checkout!, lines };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another request with the same key committed first: answer with its checkout.
    const winner = await findByKey(ctx.db, buyer, input.idempotencyKey, ctx.now());
    if (!winner) throw error;
    return { checkout: await withPayment(ctx, buyer, winner), created: false };
  }
  return { checkout: await withPayment(ctx, buyer, placed.checkout, placed.lines), created: true };
}

/**
 * Each line's amount against its gift: a card needs one within its bounds as stored now, a
 * fixed gift takes none (an amount there is a client that thinks it is a card: refused rather
 * than silently charged the price).
 */
function amountErrors(lines: CreateCheckoutInput['lines'], forSale: Map<string, GiftForSale>): Record<string, string> {
  const errors: Record<string, string> = {};
  lines.forEach((line, i) => {
    const gift = forSale.get(line.giftId)!;
    const error =
      gift.kind === 'card'
        ? cardAmountError(line.amountCents, { minAmount: gift.minAmount!, maxAmount: gift.maxAmount! })
        : line.amountCents === null || line.amountCents === undefined
          ? null
          : cardAmountErrors.notACard;
    if (error) errors[`lines.${i}.amountCents`] = error;
  });
  return errors;
}

/**
 * Makes sure a pending checkout has its payment at the provider, then returns its view.
 * `knownLines` when the caller has just written them (a new checkout), read otherwise.
 */
async function withPayment(
  ctx: CheckoutContext,
  buyer: CheckoutBuyer,
  checkout: CheckoutRow,
  knownLines?: CheckoutLineRow[],
): Promise<Checkout> {
  let row = checkout;
  let lines = knownLines;
  if (row.status === 'pending' && !row.providerRef) {
    const view = lines ? checkoutView(row, lines, ctx.now()) : await toCheckoutView(ctx.db, row, ctx.now());
    let payment;
    try {
      payment = await ctx.payments.createPayment({
        checkoutId: row.id,
        currency: row.currency,
        lines: view.lines.map((l) => ({ name: `${l.giftName} — ${l.businessName}`, amount: l.price })),
        customerEmail: buyer.email,
        locale: buyer.locale,
        now: ctx.now(),
      });
    } catch (cause) {
      // The checkout stays pending without a payment; the same key retries the provider.
      const error = new AppError('payment_provider_unavailable', 502, 'The payment provider did not answer; try again');
      error.cause = cause;
      throw error;
    }
    // Conditional: a concurrent retry may have stored the (same, idempotent) payment already;
    // then that request had the checkout in hand too, so it is all read again.
    const [updated] = await ctx.db
      .update(checkouts)
      .set({ providerRef: payment.providerRef, paymentUrl: payment.paymentUrl, expiresAt: payment.expiresAt, updatedAt: ctx.now() })
      .where(and(eq(checkouts.id, row.id), isNull(checkouts.providerRef)))
      .returning();
    if (updated) row = updated;
    else {
      [row] = (await ctx.db.select().from(checkouts).where(eq(checkouts.id, row.id))) as [CheckoutRow];
      lines = undefined;
    }
  }
  // Lines this request has just written are what the database holds: nothing else has seen
  // the checkout yet (only its payment, which needs the reference stored above, changes them).
  const secret = ctx.config?.authSecret;
  return lines ? checkoutView(row, lines, ctx.now(), secret) : toCheckoutView(ctx.db, row, ctx.now(), secret);
}
