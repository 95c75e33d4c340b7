import type { Locale } from '@shared/locale';
/**
 * The one interface checkout talks to (ADR 030): `test` outside production, `stripe`. A driver turns "this checkout, these
 * lines" into a place to pay, tells which checkout a provider event is about, and refunds.
 * Drivers never touch the database: the use cases in features/checkout decide what an
 * event changes, in one transaction, so every driver gets the same guarantees.
 */
export type PaymentProviderName = 'test' | 'stripe';

/**
 * Stripe's hosted Checkout Session closes after its `expires_at`; the webhook may arrive a
 * little later (retries, queues), so the local expiry job waits this much longer before it
 * gives up on a checkout that Stripe may still report as paid. A checkout's `expires_at`
 * includes it: the payer's page closed this long before.
 */
export const STRIPE_EXPIRY_GRACE_MS = 60 * 60 * 1000;

/** Until when the payer can still pay a pending checkout on the provider's page. */
export function payableUntil(checkout: { provider: string; expiresAt: Date }): Date {
  return checkout.provider === 'stripe' ? new Date(checkout.expiresAt.getTime() - STRIPE_EXPIRY_GRACE_MS) : checkout.expiresAt;
}

export interface PaymentLine {
  /** What the payer sees on the provider's page, e.g. "Cata de tés — Tetería Russafa". */
  name: string;
  /** Cents, VAT included. */
  amount: number;
}

export interface CreatePaymentInput {
  checkoutId: string;
  /** ISO 4217; Bizum is offered beside cards only in euros (ADR 106). */
  currency: string;
  lines: PaymentLine[];
  /** Prefills the payer's email on the provider's page. */
  customerEmail: string | null;
  locale: Locale;
  now: Date;
}

export interface CreatedPayment {
  /** The provider's id for this payment attempt (Stripe: the Checkout Session id). */
  providerRef: string;
  /** Where to send the payer's browser. */
  paymentUrl: string;
  /** After this moment the checkout can no longer be paid; the expiry job closes it. */
  expiresAt: Date;
}

/** A connected account's state as the provider reports it (Stripe: the Account object). */
export interface ConnectedAccountState {
  accountId: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** The `transfers` capability is active: Regalo's transfers can land in it. */
  transfersActive: boolean;
  requirementsDue: string[];
  /** Asked for later (Stripe's eventually_due), not already in requirementsDue. */
  requirementsEventuallyDue: string[];
  /** By when requirementsDue must be given before the account is restricted (Stripe's current_deadline). */
  requirementsDeadline: Date | null;
  disabledReason: string | null;
}

/** A provider event reduced to what checkout and the payouts act on. */
export type PaymentEvent =
  | { kind: 'succeeded'; eventId: string; checkoutId: string | null; providerRef: string; paymentRef: string | null }
  | { kind: 'failed' | 'expired'; eventId: string; checkoutId: string | null; providerRef: string }
  /**
   * The payer authorised, the money is not confirmed yet (Stripe: the session completed
   * `unpaid`, e.g. Bizum waiting for the bank, ADR 106): the checkout stays pending, nothing
   * is issued; `succeeded` or `failed` follows.
   */
  | { kind: 'processing'; eventId: string; checkoutId: string | null; providerRef: string; paymentRef: string | null }
  /** Signed and genuine, but nothing to do (another event type, or paid later by bank transfer). */
  | { kind: 'ignored'; eventId: string; type: string }
  | PayoutEvent;

/** Money-out events (ADR 053): a connected account changed, a transfer moved, a payout to a bank. */
export type PayoutEvent =
  | { kind: 'account_updated'; eventId: string; account: ConnectedAccountState }
  | { kind: 'transfer_created'; eventId: string; transferId: string; amount: number; orderId: string | null }
  | { kind: 'transfer_reversed'; eventId: string; transferId: string; reversalId: string | null; amountReversed: number; orderId: string | null }
  | { kind: 'payout_paid' | 'payout_failed'; eventId: string; payoutId: string; accountId: string; amount: number };

export const payoutEventKinds = ['account_updated', 'transfer_created', 'transfer_reversed', 'payout_paid', 'payout_failed'] as const;
export function isPayoutEvent(event: PaymentEvent): event is PayoutEvent {
  return (payoutEventKinds as readonly string[]).includes(event.kind);
}

export interface CreateTransferInput {
  /** The order's business share, cents. */
  amount: number;
  currency: string;
  /** The business's connected account. */
  destination: string;
  /** The checkout id: every transfer of one payment is grouped under it. */
  transferGroup: string;
  /** The checkout's charge (Stripe: PaymentIntent id; the driver finds its charge), or null. */
  sourcePayment: string | null;
  /** Derived from the order and its key attempt: a retry returns the first transfer, never a second one (ADR 084). */
  idempotencyKey: string;
  orderId: string;
}

/** One movement on the platform's provider balance, as the reconciliation compares it. */
export interface BalanceTransaction {
  id: string;
  /**
   * Stripe's `type` (its BalanceTransaction.Type names: charge, refund, payment_refund,
   * transfer, transfer_refund for a reversal…; payment is counted as charge).
   */
  type: string;
  /** Cents, signed as the provider reports it (a transfer is negative). */
  amount: number;
  /** The charge, refund, transfer or reversal it comes from (Stripe's `source`). */
  sourceId: string;
  created: Date;
}

/**
 * What a failed call tells about its request (ADR 084):
 * - refused: the provider answered and definitely did not do it (Stripe: a 4xx card or
 *   invalid-request error). It keeps that answer for the idempotency key, so the next try
 *   must use a new key;
 * - unknown: no answer, a 5xx, or anything else: it may have been done, so the next try
 *   sends the same key and gets the first result back.
 */
export type ProviderFailure = 'refused' | 'unknown';

/** The provider refused or could not be reached; `message` is shown to the owner and the admin. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly outcome: ProviderFailure = 'unknown',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** How a failed provider call ends for the idempotency key: only a PaymentProviderError can say `refused`. */
export function failureOf(error: unknown): ProviderFailure {
  return error instanceof PaymentProviderError ? error.outcome : 'unknown';
}

/**
 * The idempotency key of one try (ADR 084): the thing's own key (`base`, e.g. derived from
 * the order) until a definite refusal, then one derived from the attempt that follows it.
 */
export function attemptKey(base: string, keyAttempt: number): string {
  return keyAttempt <= 1 ? base : `${base}-attempt-${keyAttempt}`;
}

export class PaymentSignatureError extends Error {
  constructor(message = 'Invalid payment provider signature') {
    super(message);
    this.name = 'PaymentSignatureError';
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Verifies the signature over the raw body; throws PaymentSignatureError when it fails. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /**
   * Gives `amount` cents of a succeeded payment back (for the platform team's refunds).
   * `idempotencyKey` names what is refunded (e.g. one order): a retry with the same key
   * returns the first refund instead of giving the money back twice. Throws
   * PaymentProviderError, `refused` when the provider definitely did not refund.
   */
  refund(paymentRef: string, amount: number, idempotencyKey?: string): Promise<{ refundRef: string }>;
  /**
   * The type of the method that paid (or is paying) `paymentRef`, as the provider names it
   * (Stripe: the charge's payment_method_details.type, `card`, `bizum`…), null when it does
   * not say. Read to name the method on the receipt (ADR 106); never decides a payment.
   */
  paymentMethodOf(paymentRef: string): Promise<string | null>;
  /**
   * Closes a payment attempt that must no longer be paid (a gift of it was cancelled), so the
   * payer's open page cannot charge them. A payment that gets through anyway is given back
   * (handle-payment-event.ts).
   */
  closePayment(providerRef: string): Promise<void>;

  // Stripe Connect (ADR 053): separate charges and transfers.
  /** A connected account for a business (Stripe: Express, Spain, transfers capability requested). */
  createConnectedAccount(input: { businessId: string; email: string | null }): Promise<ConnectedAccountState>;
  /** Where the owner finishes (or fixes) onboarding; both URLs lead back to the dashboard's tab. */
  createOnboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** The account's state now (the webhook is the usual source; this is for a manual refresh). */
  getConnectedAccount(accountId: string): Promise<ConnectedAccountState>;
  /** One order's share to its business; throws PaymentProviderError when refused. */
  createTransfer(input: CreateTransferInput): Promise<{ transferId: string }>;
  /** Takes a sent transfer back (the platform team cancelled its order after it left). */
  reverseTransfer(input: { transferId: string; amount: number; idempotencyKey: string }): Promise<{ reversalId: string }>;
  /** The platform balance's movements created in [from, to), for the daily reconciliation. */
  listBalanceTransactions(input: { from: Date; to: Date }): Promise<BalanceTransaction[]>;
}
