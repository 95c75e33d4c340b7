import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CURRENCY } from '@shared/domain/order-status';
import { ledgerKinds, orderRefundStates, payoutProviders, reconciliationDifferenceKinds, settledOnceLedgerKinds, transferStates } from '@shared/domain/payouts';
import { businesses } from './businesses';
import { createdAt, id, sqlList, timestamptz, updatedAt } from './columns';
import { checkouts, giftMovements, orders, payments } from './orders';

/*
 * Money out (ADR 053). Foreign keys here never cascade or set null: deleting a user sets
 * orders.buyer_id and businesses.owner_id to null (rows these tables only point at), and no
 * order, checkout or business that money moved for is ever deleted, so nothing a deletion
 * does may rewrite a ledger row (its trigger would refuse it).
 */

/** A business's connected account at the payment provider; one per business. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    /** Stripe: the connected account id (acct_…); test provider: acct_test_…. */
    providerAccountId: text('provider_account_id').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /** The `transfers` capability is active: the account can receive Regalo's transfers. */
    transfersActive: boolean('transfers_active').notNull().default(false),
    /** Stripe's requirements.currently_due (field names), shown to the owner in plain words. */
    requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Stripe's requirements.eventually_due not already due now: what it will ask for later. */
    requirementsEventuallyDue: jsonb('requirements_eventually_due').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Stripe's requirements.current_deadline: by when the ones due now must be given; null when none. */
    requirementsDeadline: timestamptz('requirements_deadline'),
    /** Stripe's requirements.disabled_reason, e.g. `requirements.past_due`; null when none. */
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payout_accounts_provider_check', sql`${t.provider} in (${sqlList(payoutProviders)})`),
    uniqueIndex('payout_accounts_provider_account_unique').on(t.provider, t.providerAccountId),
  ],
);

/**
 * Append-only (a trigger refuses UPDATE and DELETE): every money movement, in positive
 * integer cents; what a kind adds to or takes from each balance is `ledgerBalanceTerms`.
 * `idempotency_key` names the movement (e.g. `share_owed:<order>`, `payout_paid:<po_…>`), so
 * a replayed event or a retried job records it once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default(CURRENCY),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'restrict' }),
    /**
     * The gift movement this row settles (ADR 096): the issue (commission, VAT, share owed,
     * and the share's transfers), a redemption, a refund. Null for the giver's charge (see
     * `payment_id`) and the payouts to a bank, which belong to no one gift.
     */
    movementId: uuid('movement_id').references(() => giftMovements.id, { onDelete: 'restrict' }),
    /** The purchase's payment a `charge_received` row records. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** The provider's id for the movement: payment, refund, transfer, reversal or payout. */
    providerRef: text('provider_ref'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** When the movement happened (the use case's clock), which the statement's months use. */
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_kind_check', sql`${t.kind} in (${sqlList(ledgerKinds)})`),
    check('ledger_entries_amount_check', sql`${t.amount} >= 0`),
    check('ledger_entries_currency_check', sql`${t.currency} = '${sql.raw(CURRENCY)}'`),
    // Everything but the giver's charge belongs to one business.
    check('ledger_entries_business_check', sql`${t.kind} in ('charge_received', 'charge_refunded') or ${t.businessId} is not null`),
    index('ledger_entries_business_created_idx').on(t.businessId, t.createdAt),
    index('ledger_entries_order_idx').on(t.orderId),
    // A movement is settled once: one row of each of these kinds per movement, ever. A
    // transfer's rows may repeat (a share paid again after an abandoned refund, ADR 084).
    uniqueIndex('ledger_entries_movement_settled_once')
      .on(t.movementId, t.kind)
      .where(sql`${t.kind} in (${sqlList(settledOnceLedgerKinds)})`),
    // Every row about one gift names its movement.
    check('ledger_entries_movement_check', sql`${t.orderId} is null or ${t.movementId} is not null`),
    index('ledger_entries_checkout_idx').on(t.checkoutId),
    index('ledger_entries_created_idx').on(t.createdAt),
  ],
);

/**
 * A business's share of a gift movement on its way out; one per movement, ever (unique
 * movement_id, ADR 096): today the issue of each paid order, so one per order.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    movementId: uuid('movement_id')
      .notNull()
      .unique()
      .references(() => giftMovements.id, { onDelete: 'restrict' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default(CURRENCY),
    state: text('state').notNull().default('due'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * The attempt the provider's idempotency key is derived from (ADR 084): 1 is the order's
     * own key; after a definite refusal, or when a reversed share is paid again, the next
     * attempt's number, so the provider never replays an answer it gave for an old key.
     */
    keyAttempt: integer('key_attempt').notNull().default(1),
    /** due/failed: when the job sends (or retries) it; null once sent, reversed or cancelled. */
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastError: text('last_error'),
    providerTransferId: text('provider_transfer_id'),
    providerReversalId: text('provider_reversal_id'),
    sentAt: timestamptz('sent_at'),
    reversedAt: timestamptz('reversed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('transfers_state_check', sql`${t.state} in (${sqlList(transferStates)})`),
    check('transfers_amount_check', sql`${t.amount} >= 0`),
    check('transfers_sent_check', sql`${t.state} not in ('sent', 'reversed') or (${t.providerTransferId} is not null and ${t.sentAt} is not null)`),
    check('transfers_pending_check', sql`${t.state} not in ('due', 'failed') or ${t.nextAttemptAt} is not null`),
    // The job's scan: what is due or failed, by when it may go.
    index('transfers_pending_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('due', 'failed')`),
    index('transfers_business_idx').on(t.businessId, t.createdAt),
    index('transfers_order_idx').on(t.orderId),
    uniqueIndex('transfers_provider_transfer_unique').on(t.providerTransferId),
  ],
);

/**
 * An order's refund that needed more than one try (ADR 084; states in `orderRefundStates`):
 * one row per order, written when a refund fails and updated until it is made or abandoned.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    state: text('state').notNull(),
    amount: integer('amount').notNull(),
    /** Provider calls made for this refund. */
    attempts: integer('attempts').notNull().default(0),
    /** The attempt the refund's idempotency key is derived from (1: the order's own key). */
    keyAttempt: integer('key_attempt').notNull().default(1),
    /** pending: when the refunds job tries again. */
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastError: text('last_error'),
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('order_refunds_state_check', sql`${t.state} in (${sqlList(orderRefundStates)})`),
    check('order_refunds_pending_check', sql`${t.state} <> 'pending' or ${t.nextAttemptAt} is not null`),
    // The job's scan: pending refunds, by when they may be tried.
    index('order_refunds_pending_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
  ],
);

/** Every attempt at a transfer, successful or not, with the provider's answer. */
export const transferAttempts = pgTable(
  'transfer_attempts',
  {
    id: id(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'restrict' }),
    attempt: integer('attempt').notNull(),
    succeeded: boolean('succeeded').notNull(),
    providerTransferId: text('provider_transfer_id'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('transfer_attempts_transfer_attempt_unique').on(t.transferId, t.attempt)],
);

/** One run of the daily reconciliation: what it compared and how many differences it found. */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: id(),
  provider: text('provider').notNull(),
  /** The window compared: provider balance transactions created in [from, to). */
  periodFrom: timestamptz('period_from').notNull(),
  periodTo: timestamptz('period_to').notNull(),
  comparedCount: integer('compared_count').notNull(),
  differenceCount: integer('difference_count').notNull(),
  createdAt: createdAt(),
});

/** A movement the ledger and the provider disagree on, for the admin's payouts view. */
export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: id(),
    runId: uuid('run_id')
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The provider's reference both sides are matched on (charge, refund, transfer, reversal). */
    providerRef: text('provider_ref').notNull(),
    ledgerAmount: integer('ledger_amount'),
    providerAmount: integer('provider_amount'),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reconciliation_differences_kind_check', sql`${t.kind} in (${sqlList(reconciliationDifferenceKinds)})`),
    index('reconciliation_differences_run_idx').on(t.runId),
  ],
);
