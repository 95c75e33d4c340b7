import { LOCALES, type Locale } from '@shared/locale';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkoutStatuses, CURRENCY, orderStatuses } from '@shared/domain/order-status';
import { giftMovementKinds, giftValueKinds } from '@shared/domain/gift-movements';
import { handovers, type Handover } from '@shared/domain/handover';
import { users } from './auth';
import { businesses } from './businesses';
import { createdAt, id, sqlList, timestamptz, updatedAt } from './columns';
import { contacts } from './contacts';
import { gifts } from './gifts';
import { mailOutbox } from './mail-outbox';

/**
 * A purchase (ADR 096): one payment for a cart's orders, one order per gift and recipient
 * (ADR 031). Its purchaser is an account (`buyer_id`) or a guest (`guest_*`), named by
 * `purchaser_kind`; what was paid is its `payments` rows.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: id(),
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** Where the payer pays (test page or Stripe's hosted page); shown while pending. */
    paymentUrl: text('payment_url'),
    /** The provider's payment (Stripe PaymentIntent id), for refunds; set at success. */
    paymentRef: text('payment_ref'),
    /**
     * How the giver paid, as the provider names it (Stripe's payment_method_details.type:
     * `card`, `bizum`…; ADR 106). Set when the payment is known, which for Bizum may be before
     * it is confirmed: a pending checkout with a method is waiting for the payer's bank.
     */
    paymentMethod: text('payment_method'),
    /** A pending checkout past this moment is expired by the periodic job. */
    expiresAt: timestamptz('expires_at').notNull().default(sql`now() + interval '30 minutes'`),
    amountTotal: integer('amount_total').notNull(),
    currency: text('currency').notNull().default(CURRENCY),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The terms of sale the giver accepted by paying (LEGAL_VERSIONS.terms; null: before versions, ADR 059). */
    termsVersion: text('terms_version'),
    /**
     * A guest's purchase (no account, ADR 075): who paid and the language of their receipt.
     * Null for a signed-in giver's. Kept after the purchase is claimed by an account.
     */
    guestName: text('guest_name'),
    guestEmail: text('guest_email'),
    guestLocale: text('guest_locale').$type<Locale>(),
    /**
     * When the purchase was added to an account's "My orders": by whoever held its link,
     * signed in with the purchase's address confirmed ("Add to my account", ADR 075).
     */
    claimedAt: timestamptz('claimed_at'),
    /**
     * Who bought it (`purchaserKinds`), derived by the database from the guest fields so it
     * cannot disagree with them; a company's purchase is a further kind when it is sold.
     */
    purchaserKind: text('purchaser_kind').generatedAlwaysAs(sql`case when guest_email is not null then 'guest' else 'account' end`),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('checkouts_status_check', sql`${t.status} in (${sqlList(checkoutStatuses)})`),
    check('checkouts_amount_positive', sql`${t.amountTotal} > 0`),
    check('checkouts_currency_check', sql`${t.currency} = '${sql.raw(CURRENCY)}'`),
    // NULLS NOT DISTINCT: a key stays unique even once the buyer's account is gone (null).
    unique('checkouts_buyer_idempotency_unique').on(t.buyerId, t.idempotencyKey).nullsNotDistinct(),
    uniqueIndex('checkouts_provider_ref_unique').on(t.provider, t.providerRef),
    index('checkouts_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} <> 'succeeded'`),
    check(
      'checkouts_guest_complete',
      sql`(${t.guestEmail} is null and ${t.guestName} is null and ${t.guestLocale} is null) or (${t.guestEmail} is not null and ${t.guestName} is not null and ${t.guestLocale} in (${sqlList(LOCALES)}))`,
    ),
    // Only a guest's purchase is claimed (the account may be deleted later: buyer_id goes null).
    check('checkouts_claim_is_guest', sql`${t.claimedAt} is null or ${t.guestEmail} is not null`),
    // Made for claiming by address at sign-in, which is gone (ADR 075 as amended): claiming now
    // goes by the link's checkout id. Nothing reads it since; dropping it is a migration of its own.
    index('checkouts_unclaimed_guest_idx').on(sql`lower(${t.guestEmail})`).where(sql`${t.guestEmail} is not null and ${t.claimedAt} is null`),
  ],
);

/**
 * Provider events already handled (Stripe retries and may resend one event many times):
 * recording the id in the same transaction as the change makes each event count once.
 */
export const paymentEvents = pgTable('payment_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
  receivedAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.provider, t.eventId] })]);

/**
 * A giver's withdrawal from a purchase (the right of withdrawal, ADR 064): one per
 * confirmation, covering the gifts of one checkout chosen on the form. The orders point at it.
 * `email` is where the acknowledgement went (prefilled with the account's, may be changed).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** How it was confirmed: signed in (`account`) or through the receipt's signed link (`link`). */
    channel: text('channel').notNull(),
    /** The full price of the gifts withdrawn, refunded through the payment provider. */
    refundAmount: integer('refund_amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('withdrawals_channel_check', sql`${t.channel} in ('account', 'link')`),
    check('withdrawals_refund_positive', sql`${t.refundAmount} > 0`),
    index('withdrawals_checkout_idx').on(t.checkoutId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    // Set null when the buyer deletes their account: the business keeps the anonymised order.
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'restrict' }),
    // Denormalised from the gift so scoping by business is one indexed filter.
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('unpaid'),
    /** How the gift is spent (`giftValueKinds`): `fixed` is redeemed once, whole (ADR 096). */
    valueKind: text('value_kind').notNull().default('fixed'),
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull().default(CURRENCY),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'number' }),
    commissionAmount: integer('commission_amount'),
    /** IVA on the commission (ADR 053), from `vat_rate`; 0 for orders paid before it existed. */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }),
    commissionVatAmount: integer('commission_vat_amount'),
    netAmount: integer('net_amount'),
    /**
     * As the giver typed it. Empty only for a gift given in person whose giver named nobody
     * (ADR 103): every reader shows its own "no name" wording then.
     */
    recipientName: text('recipient_name').notNull(),
    recipientPhone: text('recipient_phone'),
    recipientEmail: text('recipient_email'),
    personalMessage: text('personal_message'),
    /** The language of the recipient's emails and gift page. */
    recipientLocale: text('recipient_locale').$type<Locale>().notNull().default('es'),
    /** How the gift is signed for the recipient (the giver's first name at checkout). */
    senderName: text('sender_name'),
    /**
     * How the recipient gets the gift (`handovers`, ADR 103): `send` by email or a shared
     * link, or `in_person`: the giver hands it over (a printed card, the gift page) and no
     * gift email goes out until the giver sends it later, which makes it `send`.
     */
    handover: text('handover').$type<Handover>().notNull().default('send'),
    /** When the recipient's email goes out; null = right after payment. */
    deliverAt: timestamptz('deliver_at'),
    /** When the gift was released to the recipient (its email queued, or phone only). */
    deliveredAt: timestamptz('delivered_at'),
    /**
     * The latest gift email to the recipient: "My orders" says "sending" until the mail
     * server has accepted it, and no resend is queued while it still waits (ADR 057).
     */
    giftMailId: uuid('gift_mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /**
     * The giver asked at checkout to be told once the recipient books the gift (ADR 105), and
     * when that mail was queued (once per gift, whatever moves follow).
     */
    giverWantsBookingNotice: boolean('giver_wants_booking_notice').notNull().default(false),
    giverToldBookedAt: timestamptz('giver_told_booked_at'),
    /** The "a week left" reminder went out (sent once). */
    expiryReminderSentAt: timestamptz('expiry_reminder_sent_at'),
    cancelReason: text('cancel_reason'),
    /** The giver withdrew (status `withdrawn`): when, and the withdrawal it was part of. */
    withdrawnAt: timestamptz('withdrawn_at'),
    withdrawalId: uuid('withdrawal_id').references((): AnyPgColumn => withdrawals.id, { onDelete: 'restrict' }),
    refundedAt: timestamptz('refunded_at'),
    /**
     * Fair expiry (ADR 064): the recipient of an expired gift asked the business once for more
     * time; the business extended or declined it, once.
     */
    extensionRequestedAt: timestamptz('extension_requested_at'),
    extensionDecidedAt: timestamptz('extension_decided_at'),
    extensionDecision: text('extension_decision'),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /**
     * A gift that could not be booked and was exchanged by its recipient for another gift of
     * the same business (ADR 109): the new gift. The old one is `cancelled` and its code refused.
     */
    exchangedForId: uuid('exchanged_for_id').references((): AnyPgColumn => orders.id, { onDelete: 'restrict' }),
    /** The redemption code: ≥128 random bits, URL-safe. */
    qrCode: text('qr_code').notNull().unique(),
    /**
     * The code to type at the counter (ADR 055): 8 Crockford base32 characters, set at
     * payment; unique among the business's redeemable (paid) gifts.
     */
    typedCode: text('typed_code'),
    expiresAt: timestamptz('expires_at').notNull(),
    paidAt: timestamptz('paid_at'),
    redeemedAt: timestamptz('redeemed_at'),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in (${sqlList(orderStatuses)})`),
    check('orders_value_kind_check', sql`${t.valueKind} in (${sqlList(giftValueKinds)})`),
    check('orders_total_positive', sql`${t.totalAmount} > 0`),
    check('orders_currency_check', sql`${t.currency} = '${sql.raw(CURRENCY)}'`),
    check('orders_recipient_not_blank', sql`length(trim(${t.recipientName})) > 0 or ${t.handover} = 'in_person'`),
    check('orders_handover_check', sql`${t.handover} in (${sqlList(handovers)})`),
    index('orders_business_created_idx').on(t.businessId, t.createdAt.desc()),
    index('orders_business_status_idx').on(t.businessId, t.status),
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc()),
    index('orders_checkout_idx').on(t.checkoutId),
    index('orders_gift_idx').on(t.giftId),
    index('orders_gift_mail_idx').on(t.giftMailId).where(sql`${t.giftMailId} is not null`),
    index('orders_paid_expiry_idx').on(t.status, t.expiresAt),
    // The delivery job's scan: paid gifts not yet sent.
    index('orders_delivery_due_idx').on(t.deliverAt).where(sql`${t.status} = 'paid' and ${t.deliveredAt} is null`),
    check('orders_recipient_locale_check', sql`${t.recipientLocale} in (${sqlList(LOCALES)})`),
    // Each status carries its timestamp, and a paid order's money adds up exactly.
    check(
      'orders_paid_fields_check',
      sql`${t.status} not in ('paid', 'redeemed', 'expired', 'withdrawn', 'refund_pending') or (${t.paidAt} is not null and ${t.commissionAmount} is not null and ${t.vatRate} is not null and ${t.commissionVatAmount} is not null and ${t.netAmount} is not null and ${t.commissionAmount} + ${t.commissionVatAmount} + ${t.netAmount} = ${t.totalAmount})`,
    ),
    check('orders_redeemed_at_check', sql`${t.status} <> 'redeemed' or ${t.redeemedAt} is not null`),
    // Every paid gift has a typed code, stored in its one canonical form.
    check('orders_typed_code_check', sql`${t.typedCode} is null or ${t.typedCode} ~ '^[0-9A-HJKMNP-TV-Z]{8}$'`),
    check('orders_typed_code_paid_check', sql`${t.status} not in ('paid', 'redeemed', 'expired', 'withdrawn') or ${t.typedCode} is not null`),
    // A typed code finds one gift among those the business can still redeem.
    uniqueIndex('orders_business_typed_code_unique').on(t.businessId, t.typedCode).where(sql`${t.status} = 'paid'`),
    // A recipient opens their gift with the typed code and their email or phone, whatever the business.
    index('orders_typed_code_idx').on(t.typedCode),
    check('orders_cancelled_at_check', sql`${t.status} <> 'cancelled' or ${t.cancelledAt} is not null`),
    // A withdrawn order was refunded in full as part of one recorded withdrawal; one whose
    // refund is still pending may already belong to its withdrawal (ADR 084).
    check(
      'orders_withdrawn_check',
      sql`(${t.status} in ('withdrawn', 'refund_pending') or (${t.withdrawnAt} is null and ${t.withdrawalId} is null)) and (${t.status} <> 'withdrawn' or (${t.withdrawnAt} is not null and ${t.withdrawalId} is not null and ${t.refundedAt} is not null))`,
    ),
    check(
      'orders_extension_check',
      sql`(${t.extensionDecision} is null or ${t.extensionDecision} in ('extended', 'declined')) and (${t.extensionDecision} is null) = (${t.extensionDecidedAt} is null) and (${t.extensionDecidedAt} is null or ${t.extensionRequestedAt} is not null)`,
    ),
    index('orders_withdrawal_idx').on(t.withdrawalId).where(sql`${t.withdrawalId} is not null`),
    // An exchanged gift is closed; it is exchanged once.
    check('orders_exchanged_check', sql`${t.exchangedForId} is null or ${t.status} = 'cancelled'`),
    uniqueIndex('orders_exchanged_for_unique').on(t.exchangedForId).where(sql`${t.exchangedForId} is not null`),
    // An order's business is its gift's business.
    foreignKey({
      name: 'orders_gift_business_fk',
      columns: [t.giftId, t.businessId],
      foreignColumns: [gifts.id, gifts.businessId],
    }).onDelete('restrict'),
  ],
);

/**
 * Who redeemed a gift, when and how: one per `redeemed` movement. A fixed gift has one
 * redemption at most, because its value allows one `redeemed` movement (the movements'
 * trigger, ADR 096).
 */
export const redemptions = pgTable(
  'redemptions',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    movementId: uuid('movement_id')
      .notNull()
      .unique()
      .references(() => giftMovements.id, { onDelete: 'restrict' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    redeemedBy: text('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('redemptions_method_check', sql`${t.method} in ('scan', 'manual')`), index('redemptions_order_idx').on(t.orderId)],
);

/**
 * What a purchase was paid with (ADR 096): one row per payment the provider confirmed for a
 * checkout; today one per checkout, the giver's whole charge. Append-only (a trigger refuses
 * UPDATE and DELETE). A payment that arrived for a closed checkout and was refunded at once
 * is no payment of the purchase: it is only in the ledger (`charge_received` and
 * `charge_refunded`, ADR 065).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default(CURRENCY),
    provider: text('provider').notNull(),
    /** The provider's payment (Stripe PaymentIntent id). */
    providerRef: text('provider_ref'),
    /** `payment:<checkout>` for the checkout's one payment. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_currency_check', sql`${t.currency} = '${sql.raw(CURRENCY)}'`),
    index('payments_checkout_idx').on(t.checkoutId),
  ],
);

/**
 * A gift's value, movement by movement (ADR 096; kinds and signs in `giftMovementKinds`):
 * what the gift is worth is the sum, never a stored total. Append-only, and a trigger refuses
 * a movement that takes more than the gift has left, or that takes part of a fixed gift's
 * value. Each movement is settled once: its ledger rows and its transfer point at it, unique.
 */
export const giftMovements = pgTable(
  'gift_movements',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    /** Names the movement so a retried job or a replay records it once (`giftMovementKey`). */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The payment the value was issued against (an `issued` movement). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /**
     * The `redeemed` movement a `redemption_undone` gives back (ADR 104): set on those only,
     * unique (a use is undone once), and the trigger requires the same gift and amount.
     */
    reversesMovementId: uuid('reverses_movement_id').references((): AnyPgColumn => giftMovements.id, { onDelete: 'restrict' }),
    /** When it happened (the use case's clock). */
    createdAt: createdAt(),
  },
  (t) => [
    check('gift_movements_kind_check', sql`${t.kind} in (${sqlList(giftMovementKinds)})`),
    check('gift_movements_amount_check', sql`${t.amount} > 0`),
    index('gift_movements_order_idx').on(t.orderId, t.createdAt),
    // A gift is issued once.
    uniqueIndex('gift_movements_issued_once').on(t.orderId).where(sql`${t.kind} = 'issued'`),
    // A use is undone once, and only an undo names a use.
    uniqueIndex('gift_movements_undone_once').on(t.reversesMovementId).where(sql`${t.reversesMovementId} is not null`),
    check('gift_movements_reverses_check', sql`(${t.kind} = 'redemption_undone') = (${t.reversesMovementId} is not null)`),
  ],
);

/**
 * Who undid a card's use, when and why (ADR 104): one per `redemption_undone` movement and
 * per use. The business within 30 minutes of the use, the platform team after that (its
 * action also in the admin audit log). Append-only, like the movement it explains.
 */
export const redemptionUndos = pgTable(
  'redemption_undos',
  {
    id: id(),
    redemptionId: uuid('redemption_id')
      .notNull()
      .unique()
      .references(() => redemptions.id, { onDelete: 'restrict' }),
    movementId: uuid('movement_id')
      .notNull()
      .unique()
      .references(() => giftMovements.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    undoneBy: text('undone_by').references(() => users.id, { onDelete: 'set null' }),
    /** `business` (the counter, within the window) or `team` (the admin, audited). */
    undoneAs: text('undone_as').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('redemption_undos_as_check', sql`${t.undoneAs} in ('business', 'team')`),
    check('redemption_undos_reason_check', sql`length(trim(${t.reason})) > 0`),
    index('redemption_undos_order_idx').on(t.orderId),
  ],
);
