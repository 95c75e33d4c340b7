/**
 * The one interface checkout talks to (DESIGN.md §5). A driver turns "this checkout, these
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
  currency: string;
  lines: PaymentLine[];
  /** Prefills the payer's email on the provider's page. */
  customerEmail: string | null;
  locale: 'en' | 'es';
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

/** A provider event reduced to what checkout acts on. */
export type PaymentEvent =
  | { kind: 'succeeded'; eventId: string; checkoutId: string | null; providerRef: string; paymentRef: string | null }
  | { kind: 'failed' | 'expired'; eventId: string; checkoutId: string | null; providerRef: string }
  /** Signed and genuine, but nothing to do (another event type, or paid later by bank transfer). */
  | { kind: 'ignored'; eventId: string; type: string };

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
   * returns the first refund instead of giving the money back twice.
   */
  refund(paymentRef: string, amount: number, idempotencyKey?: string): Promise<{ refundRef: string }>;
}
