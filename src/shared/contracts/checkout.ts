import { z } from 'zod';
import { emptyToNull, isValidEmail, isValidPhone } from '../domain/contact';
import { checkoutStatuses, orderStatuses } from '../domain/order-status';
import { handovers } from '../domain/handover';
import { paymentMethods } from '../domain/payment-method';
import { cardAmountErrors, giftKinds } from '../domain/gift-card';
import { CHECKOUT_LIMITS, recipientLocales } from './checkout-limits';
import { multiLine, plainTextFieldErrors, singleLine } from './plain-text';

export { CHECKOUT_LIMITS, recipientLocales, type RecipientLocale } from './checkout-limits';

/**
 * Checkout and payment (ADRs 030, 031). One checkout = one payment for the cart; one order
 * per recipient line. Prices, currency, validity, business and commission are read from the
 * database by the server at that moment: a price sent by the client is ignored.
 *
 * Guards: every endpoint needs a signed-in user with a confirmed email (401
 * `unauthenticated`, 403 `email_not_verified`), and a checkout is only ever visible to its
 * buyer (another user's id answers 404 `checkout_not_found`, exactly like a missing one).
 * A guest's checkout (contracts/guest-checkout.ts) is its buyer's through the purchase
 * cookie instead: GET /api/checkouts/:id and the test payment buttons accept either.
 *
 * POST /api/checkouts/quote        body checkoutQuoteInputSchema → 200 checkoutQuoteSchema
 *      Today's price, validity, expiry-if-paid-now and availability of each gift in the
 *      cart, so the summary never shows a stale price. Unknown ids come back unavailable,
 *      and so does a gift that is not listed now (off sale, archived, hidden, or its business
 *      not listed): the same answer, no name or business, so nobody learns of it here.
 *      No session needed: a guest's cart is quoted too (ADR 075); it tells only what the
 *      public catalogue shows.
 * POST /api/checkouts              body createCheckoutInputSchema → 201 checkoutSchema
 *      (200 with the SAME checkout when the idempotency key was used before by this buyer).
 *      400 validation_failed, `fields` keyed `lines.<i>.<field>` → checkoutFieldErrors.
 *      409 `gift_unavailable`, `fields` {`lines.<i>.giftId`: 'gift_unavailable'} for every
 *      line whose gift is unavailable, archived or whose business is no longer listed;
 *      nothing is created. 409 `terms_not_accepted` when `acceptedTermsVersion` is not the
 *      current terms of sale; nothing is created.
 * GET  /api/checkouts/:id          → 200 checkoutSchema (the buyer's return page polls it)
 *
 * Test provider (PAYMENTS_PROVIDER=test; 404 otherwise):
 * POST /api/payments/test/:checkoutId/succeed | /fail | /cancel | /pending
 *      body testPaymentInputSchema ({method: 'card' | 'bizum'}) → 200 checkoutSchema
 *      Only the buyer, only while the checkout is `pending` (409 `checkout_not_pending`
 *      otherwise; succeeding twice is 200 with nothing changed). `pending` is Bizum's (whatever
 *      `method` says): the payer authorised, the bank has not confirmed; then `succeed` or
 *      `fail` settles it as the bank would.
 * Stripe (PAYMENTS_PROVIDER=stripe):
 * POST /api/payments/stripe/webhook  Stripe-Signature verified, idempotent per event id.
 *
 * "My orders" actions (the buyer only; 404 `order_not_found` otherwise):
 * POST  /api/my/orders/:id/resend     → 204; re-sends the recipient's gift email (paid and
 *       delivered orders with a recipient email; 409 `order_not_resendable` otherwise, 409
 *       `gift_mail_sending` while the last gift email still waits for the mail server).
 * PATCH /api/my/orders/:id/delivery   body updateDeliveryInputSchema → 200 myOrderSchema;
 *       only before delivery (409 `order_already_delivered`).
 */


/** Field codes; the web translates each (checkout namespace, `errors.fields.<code>`). */
export const checkoutFieldErrors = {
  required: 'required',
  tooLong: 'too_long',
  invalidEmail: 'invalid_email',
  invalidPhone: 'invalid_phone',
  contactRequired: 'contact_required',
  invalidDelivery: 'invalid_delivery',
  deliveryInPast: 'delivery_in_past',
  deliveryTooFar: 'delivery_too_far',
  giftUnavailable: 'gift_unavailable',
  /** A gift booked online whose business offers no time within SELLABLE_WITHIN_DAYS (ADR 105). */
  noBookingTimes: 'no_booking_times',
  /** A gift given in person goes to nobody: an email or phone on its line contradicts it (ADR 103). */
  inPersonHasContact: 'in_person_has_contact',
  /** A gift card's amount (ADR 108): missing, not whole cents, outside the card's bounds, or sent for a fixed gift. */
  cardAmountRequired: cardAmountErrors.required,
  cardAmountInvalid: cardAmountErrors.invalid,
  cardAmountOutOfBounds: cardAmountErrors.outOfBounds,
  cardAmountNotACard: cardAmountErrors.notACard,
  controlCharacter: plainTextFieldErrors.controlCharacter,
  controlCharacterInText: plainTextFieldErrors.controlCharacterInText,
} as const;

/** Problem codes of these endpoints besides the guards' and validation_failed. */
export const checkoutErrorCodes = [
  'gift_unavailable',
  /** POST /api/checkouts without acceptance of the current terms of sale. */
  'terms_not_accepted',
  'checkout_not_found',
  'checkout_not_pending',
  'payment_provider_unavailable',
  'order_not_found',
  'order_not_resendable',
  'gift_mail_sending',
  'order_already_delivered',
  /** PATCH delivery on an order that is not paid (unpaid, cancelled, redeemed, expired). */
  'order_not_changeable',
] as const;

/** An optional text: one line, unless `lines` says a message may have several. */
const optionalText = (max: number, check?: { test: (v: string) => boolean; code: string }, lines: 'one' | 'many' = 'one') =>
  z
    .string('invalid')
    .nullish()
    .transform(emptyToNull)
    .pipe(
      (lines === 'one' ? singleLine : multiLine)(z.string().max(max, checkoutFieldErrors.tooLong))
        .refine((v) => !check || check.test(v), check?.code ?? 'invalid')
        .nullable(),
    );

/**
 * When the recipient gets the gift: now (right after payment), or a date and hour in
 * Europe/Madrid. The server turns the local date and time into an instant (across summer
 * time) and refuses a moment in the past or more than CHECKOUT_LIMITS.maxScheduleDays ahead.
 */
export const deliveryInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('now') }),
  z.object({
    kind: z.literal('scheduled'),
    /** `YYYY-MM-DD`, Madrid calendar date. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, checkoutFieldErrors.invalidDelivery),
    /** `HH:MM`, 24-hour Madrid wall-clock time. */
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, checkoutFieldErrors.invalidDelivery),
  }),
]);
export type DeliveryInput = z.infer<typeof deliveryInputSchema>;

/**
 * A checkout line's delivery: sent (now or at a moment, as above), or `in_person`: the giver
 * hands the gift over (the printed card, the gift page) and may send it later from My orders
 * or the purchase page (ADR 103). Then no contact is asked and the name is optional.
 */
export const lineDeliveryInputSchema = z.discriminatedUnion('kind', [
  ...deliveryInputSchema.options,
  z.object({ kind: z.literal('in_person') }),
]);
export type LineDeliveryInput = z.infer<typeof lineDeliveryInputSchema>;

const recipientFields = {
  recipientName: singleLine(
    z.string(checkoutFieldErrors.required).trim().min(1, checkoutFieldErrors.required).max(CHECKOUT_LIMITS.recipientName, checkoutFieldErrors.tooLong),
  ),
  recipientEmail: optionalText(CHECKOUT_LIMITS.recipientEmail, {
    test: isValidEmail,
    code: checkoutFieldErrors.invalidEmail,
  }),
  recipientPhone: optionalText(CHECKOUT_LIMITS.recipientPhone, {
    test: isValidPhone,
    code: checkoutFieldErrors.invalidPhone,
  }),
};

/**
 * One recipient of one gift. The same gift may appear on several lines (one order each).
 * A sent gift needs the recipient's name and an email or phone; a gift given in person needs
 * neither (the name, when typed, greets them on the card) and refuses a contact, which would
 * say it is sent (ADR 103).
 */
export const checkoutLineInputSchema = z
  .object({
    giftId: z.string().min(1).max(64),
    ...recipientFields,
    recipientName: optionalText(CHECKOUT_LIMITS.recipientName),
    personalMessage: optionalText(CHECKOUT_LIMITS.personalMessage, undefined, 'many'),
    recipientLocale: z.enum(recipientLocales),
    /** The giver's contact this recipient was picked from, if any (must be theirs). */
    contactId: z.string().max(64).nullish(),
    delivery: lineDeliveryInputSchema,
    /**
     * A gift card's amount in whole cents, chosen by the giver within the card's bounds (ADR
     * 108); required for a card and refused for a fixed gift, both by the server, which knows
     * the gift: `lines.<i>.amountCents` → card_amount_required | card_amount_invalid |
     * card_amount_out_of_bounds | card_amount_not_a_card.
     */
    amountCents: z
      .number(checkoutFieldErrors.cardAmountInvalid)
      .int(checkoutFieldErrors.cardAmountInvalid)
      .positive(checkoutFieldErrors.cardAmountOutOfBounds)
      .nullish(),
    /**
     * "Tell me when it is booked" (ADR 105): the giver is mailed once when the recipient books,
     * without the time unless the recipient agrees. Off unless ticked; the server keeps it only
     * for a gift booked online (`bookedOnline` in the quote), since no other gift is booked here.
     */
    giverWantsBookingNotice: z.boolean('invalid').optional(),
  })
  .superRefine((line, ctx) => {
    if (line.delivery.kind === 'in_person') {
      if (line.recipientEmail) ctx.addIssue({ code: 'custom', path: ['recipientEmail'], message: checkoutFieldErrors.inPersonHasContact });
      if (line.recipientPhone) ctx.addIssue({ code: 'custom', path: ['recipientPhone'], message: checkoutFieldErrors.inPersonHasContact });
      return;
    }
    if (!line.recipientName) ctx.addIssue({ code: 'custom', path: ['recipientName'], message: checkoutFieldErrors.required });
    if (!line.recipientEmail && !line.recipientPhone) {
      ctx.addIssue({ code: 'custom', path: ['recipientEmail'], message: checkoutFieldErrors.contactRequired });
    }
  });
export type CheckoutLineInput = z.input<typeof checkoutLineInputSchema>;

export const createCheckoutInputSchema = z.object({
  /** Chosen by the client once per checkout attempt; the same key returns the same checkout. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'invalid'),
  /**
   * The terms of sale the giver accepts by paying (`TERMS_VERSION`, shown with its link before
   * the button). Any other value, or none, is refused with 409 `terms_not_accepted`: the
   * page was showing an older version (ADR 059).
   */
  acceptedTermsVersion: z.string().max(20).optional(),
  lines: z.array(checkoutLineInputSchema).min(1, checkoutFieldErrors.required).max(CHECKOUT_LIMITS.lines, checkoutFieldErrors.tooLong),
});
export type CreateCheckoutInput = z.input<typeof createCheckoutInputSchema>;

export const checkoutQuoteInputSchema = z.object({
  giftIds: z.array(z.string().min(1).max(64)).min(1).max(CHECKOUT_LIMITS.lines),
});

export const quotedGiftSchema = z.object({
  giftId: z.string(),
  available: z.boolean(),
  /** Null when unavailable (unknown, or not listed now): the cart keeps the name it has. */
  name: z.string().nullable(),
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
  /** The gift's picture (for a cart line added from its public page, `/checkout?add=`). */
  imageUrl: z.string().nullable(),
  /** Cents, VAT included; a gift card's minimum. */
  price: z.number().int().nullable(),
  /** A gift card's amount is the giver's choice within its bounds (cents; null for a fixed gift or unavailable). */
  kind: z.enum(giftKinds).nullable(),
  minAmount: z.number().int().nullable(),
  maxAmount: z.number().int().nullable(),
  suggestedAmounts: z.array(z.number().int()).nullable(),
  currency: z.string(),
  validityDays: z.number().int().nullable(),
  /** ISO instant: when a gift paid now would expire (end of day, Europe/Madrid). */
  expiresAtIfPaidNow: z.string().nullable(),
  /** Booked by the recipient from the gift page (ADR 105): the line offers "Tell me when it is booked". */
  bookedOnline: z.boolean(),
});
export type QuotedGift = z.infer<typeof quotedGiftSchema>;
export const checkoutQuoteSchema = z.object({ items: z.array(quotedGiftSchema) });
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

export const checkoutLineSchema = z.object({
  orderId: z.string(),
  giftId: z.string(),
  giftName: z.string(),
  businessName: z.string(),
  /** As typed; empty for a gift given in person to nobody named (ADR 103). */
  recipientName: z.string(),
  status: z.enum(orderStatuses),
  /** `in_person`: the giver hands it over; the thank-you page offers its page and cards. */
  handover: z.enum(handovers),
  /**
   * A paid gift given in person: its page (`/g/<code>`), which its cards print from. Only its
   * buyer ever reads a checkout; null for a sent gift (the recipient gets the link) or unpaid.
   */
  giftPagePath: z.string().nullable(),
  /** Cents: the gift's price, or the amount chosen for a gift card. */
  price: z.number().int(),
  /** `card`: a gift card (ADR 108), spent in parts; its VAT is charged when it is used. */
  valueKind: z.enum(giftKinds),
  validityDays: z.number().int(),
  /** ISO instant; provisional (counted from now) until paid, final after. */
  expiresAt: z.string(),
  /** ISO instant, or null for "right after payment". */
  deliverAt: z.string().nullable(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const checkoutSchema = z.object({
  id: z.string(),
  status: z.enum(checkoutStatuses),
  provider: z.enum(['test', 'stripe']),
  /** Cents: the sum of the lines' prices as read from the database. */
  totalAmount: z.number().int(),
  currency: z.string(),
  /** Where to send the browser to pay: the test payment page or Stripe's hosted page. Null once not pending. */
  paymentUrl: z.string().nullable(),
  lines: z.array(checkoutLineSchema),
  createdAt: z.string(),
  /** Once paid: until when the giver may withdraw (ADR 064; the thank-you page offers it). */
  withdrawUntil: z.string().nullable(),
  /**
   * A guest's purchase (ADR 075): its signed page, `/purchase/<token>`, the same link the
   * receipt email carries. Null for a purchase made signed in.
   */
  purchasePath: z.string().nullable(),
  /**
   * Once paid and while the right lasts: its withdrawal form, `/withdraw/<id>` for a giver
   * signed in, the signed `/withdraw/link/<token>` for a guest (who has no session).
   */
  withdrawPath: z.string().nullable(),
  /** How it was paid, once the provider said (ADR 106): the thank-you page names it. */
  paymentMethod: z.enum(paymentMethods).nullable(),
  /** Pending and authorised by the payer, waiting for their bank to confirm (Bizum, ADR 106). */
  awaitingBank: z.boolean(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/**
 * The test payment page's choices (ADR 106): a card, or "Bizum (test)", which can also stay
 * pending (the bank has not confirmed) and be completed or failed from there.
 */
export const testPaymentOutcomes = ['succeed', 'fail', 'cancel', 'pending'] as const;
export type TestPaymentOutcome = (typeof testPaymentOutcomes)[number];
/** The body may be absent: a card, as before Bizum. */
export const testPaymentInputSchema = z.object({ method: z.enum(paymentMethods).optional() }).nullish();
export type TestPaymentInput = z.input<typeof testPaymentInputSchema>;

export const checkoutParamsSchema = z.object({ id: z.string().max(64) });

export const updateDeliveryInputSchema = z
  .object({
    /**
     * Only for a gift given in person to nobody named, sent now ("Send it now", ADR 103): a
     * sent gift greets its recipient by name, so it is required then (400 `fields.recipientName`
     * `required`) and ignored otherwise (a sent gift's name does not change here).
     */
    recipientName: optionalText(CHECKOUT_LIMITS.recipientName),
    recipientEmail: recipientFields.recipientEmail,
    recipientPhone: recipientFields.recipientPhone,
    delivery: deliveryInputSchema,
  })
  .superRefine((v, ctx) => {
    if (!v.recipientEmail && !v.recipientPhone) {
      ctx.addIssue({ code: 'custom', path: ['recipientEmail'], message: checkoutFieldErrors.contactRequired });
    }
  });
export type UpdateDeliveryInput = z.input<typeof updateDeliveryInputSchema>;
