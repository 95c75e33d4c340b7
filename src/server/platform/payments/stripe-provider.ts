import type { Locale } from '@shared/locale';
import Stripe from 'stripe';
import { offersBizum } from '@shared/domain/payment-method';
import type { BalanceTransaction, ConnectedAccountState, PaymentEvent, PaymentProvider } from './payment-provider';
import { PaymentProviderError, PaymentSignatureError, STRIPE_EXPIRY_GRACE_MS } from './payment-provider';

// Defined with the interface so readers of checkouts need not load the Stripe SDK.
export { STRIPE_EXPIRY_GRACE_MS } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The Connect endpoint's secret (connected accounts' events); webhookSecret when absent. */
  connectWebhookSecret?: string;
  /** A stand-in for api.stripe.com (tests): protocol, host and port are taken from it. */
  apiUrl?: string;
  publicUrl: string;
}

function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return { maxNetworkRetries: 2 };
  const url = new URL(apiUrl);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
  };
}

type SessionLike = {
  id: string;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  payment_status?: string;
  payment_intent?: string | { id: string } | null;
};

function checkoutIdOf(session: SessionLike): string | null {
  return session.client_reference_id ?? session.metadata?.checkoutId ?? null;
}

function paymentRefOf(session: SessionLike): string | null {
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === 'string' ? intent : intent.id;
}

type AccountLike = {
  id: string;
  details_submitted?: boolean;
  payouts_enabled?: boolean;
  capabilities?: { transfers?: string } | null;
  requirements?: { currently_due?: string[] | null; past_due?: string[] | null; eventually_due?: string[] | null; current_deadline?: number | null; disabled_reason?: string | null } | null;
};

/** The stored state of a connected account, from Stripe's Account object. */
export function toAccountState(account: AccountLike): ConnectedAccountState {
  const due = [...(account.requirements?.past_due ?? []), ...(account.requirements?.currently_due ?? [])];
  return {
    accountId: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    transfersActive: account.capabilities?.transfers === 'active',
    requirementsDue: [...new Set(due)],
    // Stripe's eventually_due includes the ones due now: the owner reads each once.
    requirementsEventuallyDue: [...new Set(account.requirements?.eventually_due ?? [])].filter((r) => !due.includes(r)),
    requirementsDeadline: account.requirements?.current_deadline ? new Date(account.requirements.current_deadline * 1000) : null,
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}

type TransferLike = { id: string; amount: number; amount_reversed?: number; metadata?: Record<string, string> | null; reversals?: { data?: { id: string }[] } | null };
type PayoutLike = { id: string; amount: number; destination?: unknown };

/** The Connect events the payouts act on (ADR 053); null for any other type. */
function toPayoutEvent(event: { id: string; type: string; account?: string | null; data: { object: unknown } }): PaymentEvent | null {
  const object = event.data.object;
  switch (event.type) {
    case 'account.updated':
      return { kind: 'account_updated', eventId: event.id, account: toAccountState(object as AccountLike) };
    case 'transfer.created': {
      const transfer = object as TransferLike;
      return { kind: 'transfer_created', eventId: event.id, transferId: transfer.id, amount: transfer.amount, orderId: transfer.metadata?.orderId ?? null };
    }
    case 'transfer.reversed': {
      const transfer = object as TransferLike;
      return {
        kind: 'transfer_reversed',
        eventId: event.id,
        transferId: transfer.id,
        reversalId: transfer.reversals?.data?.at(-1)?.id ?? null,
        amountReversed: transfer.amount_reversed ?? 0,
        orderId: transfer.metadata?.orderId ?? null,
      };
    }
    case 'payout.paid':
    case 'payout.failed': {
      const payout = object as PayoutLike;
      // A connected account's payout arrives through the Connect endpoint, naming the account.
      if (!event.account) return { kind: 'ignored', eventId: event.id, type: `${event.type}:platform` };
      return { kind: event.type === 'payout.paid' ? 'payout_paid' : 'payout_failed', eventId: event.id, payoutId: payout.id, accountId: event.account, amount: payout.amount };
    }
    default:
      return null;
  }
}

/** The four Checkout Session events that change a checkout, and the Connect events; everything else is ignored. */
export function toPaymentEvent(event: { id: string; type: string; account?: string | null; data: { object: unknown } }): PaymentEvent {
  const payout = toPayoutEvent(event);
  if (payout) return payout;
  const session = event.data.object as SessionLike;
  const base = { eventId: event.id, checkoutId: checkoutIdOf(session), providerRef: session.id };
  switch (event.type) {
    case 'checkout.session.completed':
      // Card payments are paid now; a method that confirms later (Bizum waiting for the
      // payer's bank, ADR 106) completes "unpaid" and reports later with
      // async_payment_succeeded / _failed.
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return { kind: 'succeeded', ...base, paymentRef: paymentRefOf(session) };
      return session.payment_status === 'unpaid'
        ? { kind: 'processing', ...base, paymentRef: paymentRefOf(session) }
        : { kind: 'ignored', eventId: event.id, type: `${event.type}:${session.payment_status ?? 'unknown'}` };
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'succeeded', ...base, paymentRef: paymentRefOf(session) };
    case 'checkout.session.async_payment_failed':
      return { kind: 'failed', ...base };
    case 'checkout.session.expired':
      return { kind: 'expired', ...base };
    default:
      return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}

/**
 * The language of Stripe's payment page for each of ours. Stripe's Checkout offers no Catalan,
 * so a Valencian buyer pays on its Spanish page, the other language they read (ADR 068).
 */
const checkoutLocales: Record<Locale, 'en' | 'es'> = { en: 'en', es: 'es', va: 'es' };

export function createStripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));
  return {
    name: 'stripe',
    async createPayment({ checkoutId, currency, lines, customerEmail, locale }) {
      const returnUrl = `${settings.publicUrl}/checkout/${checkoutId}`;
      const amount = lines.reduce((sum, line) => sum + line.amount, 0);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // The dashboard's methods, filtered to those whose confirmation, failure and refund
          // Regalo handles and tests (ADR 106): cards, and Bizum for euros from its minimum.
          // A method the account has not enabled is simply not offered.
          allowed_payment_method_types: offersBizum(currency, amount) ? ['card', 'bizum'] : ['card'],
          line_items: lines.map((line) => ({
            quantity: 1,
            price_data: { currency: currency.toLowerCase(), unit_amount: line.amount, product_data: { name: line.name } },
          })),
          client_reference_id: checkoutId,
          metadata: { checkoutId },
          // The payment and the transfers of its shares form one group at Stripe (the transfers
          // send the checkout as their transfer_group), so its dashboard and reports tie them.
          payment_intent_data: { metadata: { checkoutId }, transfer_group: checkoutId },
          ...(customerEmail ? { customer_email: customerEmail } : {}),
          locale: checkoutLocales[locale],
          success_url: `${returnUrl}?payment=success`,
          cancel_url: `${returnUrl}?payment=cancelled`,
        },
        // A retried create (same checkout) gets the same session back, never a second one.
        { idempotencyKey: `regalo-checkout-${checkoutId}` },
      );
      if (!session.url) throw new Error(`Stripe returned session ${session.id} without a url`);
      return {
        providerRef: session.id,
        paymentUrl: session.url,
        expiresAt: new Date(session.expires_at * 1000 + STRIPE_EXPIRY_GRACE_MS),
      };
    },
    parseWebhook(rawBody, signature) {
      if (!signature) throw new PaymentSignatureError('Missing Stripe-Signature header');
      // The platform's endpoint and the Connect endpoint may be one URL with two secrets.
      const secrets = [...new Set([settings.webhookSecret, settings.connectWebhookSecret ?? settings.webhookSecret])];
      for (const secret of secrets) {
        try {
          return toPaymentEvent(stripe.webhooks.constructEvent(rawBody, signature, secret));
        } catch {
          // Try the next secret; none matching is a bad signature.
        }
      }
      throw new PaymentSignatureError();
    },
    async closePayment(providerRef) {
      await stripe.checkout.sessions.expire(providerRef);
    },
    async refund(paymentRef, amount, idempotencyKey) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: paymentRef, amount },
          // Keyed by what is refunded: two orders of one payment with the same price are two refunds.
          { idempotencyKey: idempotencyKey ?? `regalo-refund-${paymentRef}-${amount}` },
        ),
      );
      return { refundRef: refund.id };
    },
    async paymentMethodOf(paymentRef) {
      // The charge names the method that paid; while the bank has not confirmed (Bizum
      // processing) there may be no charge yet, and the PaymentIntent's method says it.
      const intent = await stripe.paymentIntents.retrieve(paymentRef, { expand: ['latest_charge', 'payment_method'] });
      const charge = intent.latest_charge;
      const fromCharge = charge && typeof charge !== 'string' ? (charge.payment_method_details?.type ?? null) : null;
      const method = intent.payment_method;
      return fromCharge ?? (method && typeof method !== 'string' ? method.type : null);
    },
    async createConnectedAccount({ businessId, email }) {
      const account = await call(() =>
        stripe.accounts.create(
          {
            type: 'express',
            country: 'ES',
            ...(email ? { email } : {}),
            capabilities: { transfers: { requested: true } },
            metadata: { businessId },
          },
          // One account per business even if the owner clicks twice before the first answer.
          { idempotencyKey: `regalo-account-${businessId}` },
        ),
      );
      return toAccountState(account);
    },
    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await call(() => stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl }));
      return { url: link.url };
    },
    async getConnectedAccount(accountId) {
      return toAccountState(await call(() => stripe.accounts.retrieve(accountId)));
    },
    async createTransfer(input) {
      // source_transaction takes the charge; checkouts store the PaymentIntent.
      const sourceTransaction = input.sourcePayment ? await call(() => chargeOf(input.sourcePayment!)) : null;
      // Without it Stripe would pay the share out of the platform's own balance, before (or
      // without) the giver's money arriving. Nothing was asked of Stripe under the key, so the
      // attempt fails as `unknown` and the retry sends the same key once the charge exists.
      if (!sourceTransaction) throw new PaymentProviderError(`no_charge_yet: the payment ${input.sourcePayment ?? '(none recorded)'} has no charge at Stripe yet; the transfer waits for it`);
      const transfer = await call(() =>
        stripe.transfers.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            destination: input.destination,
            transfer_group: input.transferGroup,
            source_transaction: sourceTransaction,
            metadata: { orderId: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { transferId: transfer.id };
    },
    async reverseTransfer({ transferId, amount, idempotencyKey }) {
      const reversal = await call(() => stripe.transfers.createReversal(transferId, { amount }, { idempotencyKey }));
      return { reversalId: reversal.id };
    },
    async listBalanceTransactions({ from, to }) {
      const result: BalanceTransaction[] = [];
      const list = stripe.balanceTransactions.list({
        created: { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) },
        limit: 100,
        expand: ['data.source'],
      });
      for await (const txn of list) result.push(toBalanceTransaction(txn));
      return result;
    },
  };

  async function chargeOf(paymentRef: string): Promise<string | null> {
    if (paymentRef.startsWith('ch_') || paymentRef.startsWith('py_')) return paymentRef;
    const intent = await stripe.paymentIntents.retrieve(paymentRef);
    const charge = intent.latest_charge;
    return charge ? (typeof charge === 'string' ? charge : charge.id) : null;
  }
}

/**
 * Stripe's answer as a PaymentProviderError (its message is what the owner and admin read).
 * A card or invalid-request error is a definite refusal, which Stripe stores for the key
 * (ADR 084); a connection error, a 5xx, a rate limit or an idempotency error says nothing
 * about whether the first request with the key was done.
 */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      const refused = error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError;
      throw new PaymentProviderError(error.message, refused ? 'refused' : 'unknown');
    }
    throw error;
  }
}

/**
 * A balance transaction as the reconciliation compares it: a charge is matched by its
 * PaymentIntent (what the ledger stores for a checkout), everything else by its own id.
 */
function toBalanceTransaction(txn: Stripe.BalanceTransaction): BalanceTransaction {
  const source = txn.source;
  let sourceId = typeof source === 'string' ? source : (source?.id ?? '');
  if (source && typeof source !== 'string' && source.object === 'charge') {
    const intent = source.payment_intent;
    if (intent) sourceId = typeof intent === 'string' ? intent : intent.id;
  }
  return { id: txn.id, type: txn.type === 'payment' ? 'charge' : txn.type, amount: txn.amount, sourceId, created: new Date(txn.created * 1000) };
}
