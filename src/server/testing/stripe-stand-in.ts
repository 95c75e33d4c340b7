import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { TestApp } from './test-app';

/** The webhook secret the servers under test are given (STRIPE_WEBHOOK_SECRET). */
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_regalo_test_secret';
/**
 * Every Checkout Session the stand-in creates closes at this moment (seconds, as Stripe
 * sends it): a day after the test process started, Stripe's default lifetime. A fixed
 * date would turn into a past one, and the expiry job would close every checkout at once.
 */
export const STRIPE_SESSION_EXPIRES = Math.floor(Date.now() / 1000) + 24 * 60 * 60;

/** A connected account as Stripe's API returns it (the fields the driver reads). */
export interface StandInAccount {
  id: string;
  object: 'account';
  type: 'express';
  country: 'ES';
  email: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  capabilities: { transfers: 'active' | 'inactive' | 'pending' };
  requirements: { currently_due: string[]; past_due: string[]; eventually_due: string[]; current_deadline: number | null; disabled_reason: string | null };
  metadata: Record<string, string>;
}

/** A Checkout Session as the stand-in keeps it (the fields its events carry). */
export interface StandInSession {
  id: string;
  checkoutId: string | null;
  amountTotal: number;
  currency: string;
  /** What the driver asked for: the dashboard's methods filtered to these (ADR 106). */
  allowedPaymentMethodTypes: string[];
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid';
  /** Created when the payer confirms on the page, as Stripe does (null before). */
  paymentIntent: string | null;
}

/** A PaymentIntent: its status, and the method the payer chose on the page. */
export interface StandInIntent {
  id: string;
  amount: number;
  /** `processing` while the payer's bank has not confirmed (Bizum); `requires_payment_method` after it refused. */
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  method: string;
}

/**
 * A tiny stand-in for the Stripe endpoints the driver calls (Checkout Sessions and their
 * expiry, PaymentIntents, refunds, and Connect: accounts, account links, transfers,
 * reversals, balance transactions), on a free port: STRIPE_API_URL points the driver at it.
 * Responses follow Stripe's documented object shapes. Its payers pay by card or Bizum
 * (ADR 106): `pay`, `bankConfirms`, `bankRefuses` and `expireSession` change the session and
 * its PaymentIntent as Stripe would and return the Checkout Session event Stripe posts. Idempotency keys behave as Stripe documents them
 * (https://docs.stripe.com/api/idempotent_requests): the first answer an endpoint gave for a
 * key, errors included, is replayed for every later POST with that key and the same
 * parameters, and the same key with other parameters (or on another path) is refused with an
 * `idempotency_error`. `failNext` fails before any endpoint runs (a gateway error), so
 * nothing is stored for it and a retry with its key goes through.
 */
export class StripeStandIn {
  requests: { method: string; path: string; idempotencyKey: string | undefined; auth: string | undefined; form: URLSearchParams }[] = [];
  failNext = false;
  /** Like failNext, for the next request to this path only (e.g. `/v1/transfers`). */
  failNextTo: string | null = null;
  /** The session created for each checkout (client_reference_id → session id). */
  readonly sessionOf = new Map<string, string>();
  readonly accounts = new Map<string, StandInAccount>();
  /** Transfers, by id, as Stripe keeps them. */
  readonly transfers = new Map<string, { id: string; object: 'transfer'; amount: number; amount_reversed: number; currency: string; destination: string; transfer_group: string | null; source_transaction: string | null; reversed: boolean; metadata: Record<string, string>; reversals: { object: 'list'; data: { id: string; object: 'transfer_reversal'; amount: number; transfer: string }[] } }>();
  /** The platform balance's movements, oldest first (what /v1/balance_transactions lists). */
  readonly balance: { id: string; object: 'balance_transaction'; amount: number; currency: string; type: string; created: number; source: string | { id: string; object: 'charge'; payment_intent: string } }[] = [];
  /** Every refund made, with the PaymentIntent it gave money back from (a repeated key is one refund). */
  readonly refunds: { id: string; paymentIntent: string; amount: number }[] = [];
  /** The charge each PaymentIntent made (charge()); a PaymentIntent missing here has none yet (`latest_charge: null`). */
  readonly chargeOfIntent = new Map<string, string>();
  /** Transfers to these accounts are refused with Stripe's error for a restricted destination. */
  readonly refusingAccounts = new Set<string>();
  /** Refunds of these PaymentIntents are refused (Stripe's answer for a disputed charge). */
  readonly refusingRefunds = new Set<string>();
  /** Idempotency key → the request it was first used with and the answer Stripe stored. */
  readonly answers = new Map<string, { path: string; body: string; status: number; response: unknown }>();
  /** Checkout Sessions by id, as created (ADR 106: their methods and payment state). */
  readonly sessions = new Map<string, StandInSession>();
  /** PaymentIntents the stand-in's payers made (pay()), by id. */
  readonly intents = new Map<string, StandInIntent>();
  /** Each charge's amount (by PaymentIntent), for Stripe's refusal of a refund beyond it. */
  readonly chargedAmount = new Map<string, number>();
  private server: Server = createServer((req, res) => void this.handle(req, res));
  private sessionCount = 0;
  private counter = 0;

  nextId(): number {
    return ++this.counter;
  }

  /** The charge a PaymentIntent made (`ch_` for `pi_`), entered in the balance as Stripe would. */
  charge(paymentIntent: string, amount: number, createdAt = new Date()) {
    const chargeId = `ch_${paymentIntent.replace(/^pi_/, '')}`;
    this.chargeOfIntent.set(paymentIntent, chargeId);
    this.chargedAmount.set(paymentIntent, amount);
    this.balance.push({ id: `txn_${this.nextId()}`, object: 'balance_transaction', amount, currency: 'eur', type: 'charge', created: Math.floor(createdAt.getTime() / 1000), source: { id: chargeId, object: 'charge', payment_intent: paymentIntent } });
    return chargeId;
  }

  /** The session made for a checkout (the driver's client_reference_id). */
  sessionFor(checkoutId: string): StandInSession {
    const id = this.sessionOf.get(checkoutId);
    const session = id ? this.sessions.get(id) : undefined;
    if (!session) throw new Error(`the stand-in made no session for checkout ${checkoutId}`);
    return session;
  }

  /**
   * The payer confirms on Stripe's page with `method` (ADR 106). A card is paid now: the
   * session completes `paid` and the charge enters the balance. Bizum completes `unpaid`
   * with its PaymentIntent `processing` until the bank answers (bankConfirms / bankRefuses),
   * unless `confirmedAtOnce`. A method the session does not allow is refused, as Stripe's page
   * would never offer it. Returns the `checkout.session.completed` event to post.
   */
  pay(checkoutId: string, method: 'card' | 'bizum', { confirmedAtOnce = method === 'card' } = {}): string {
    const session = this.sessionFor(checkoutId);
    if (!session.allowedPaymentMethodTypes.includes(method)) throw new Error(`session ${session.id} does not offer ${method}`);
    const intent: StandInIntent = { id: `pi_${session.id.replace(/^cs_/, '')}`, amount: session.amountTotal, status: confirmedAtOnce ? 'succeeded' : 'processing', method };
    this.intents.set(intent.id, intent);
    session.paymentIntent = intent.id;
    session.status = 'complete';
    session.paymentStatus = confirmedAtOnce ? 'paid' : 'unpaid';
    if (confirmedAtOnce) this.charge(intent.id, intent.amount);
    return this.sessionEvent(session, 'checkout.session.completed');
  }

  /** The payer's bank confirms a processing payment: charged now; returns async_payment_succeeded. */
  bankConfirms(checkoutId: string): string {
    const session = this.sessionFor(checkoutId);
    const intent = this.intents.get(session.paymentIntent ?? '');
    if (!intent || intent.status !== 'processing') throw new Error(`no processing payment for ${session.id}`);
    intent.status = 'succeeded';
    session.paymentStatus = 'paid';
    this.charge(intent.id, intent.amount);
    return this.sessionEvent(session, 'checkout.session.async_payment_succeeded');
  }

  /** The bank refuses (or the payer let the request lapse in the bank's app): nothing charged; returns async_payment_failed. */
  bankRefuses(checkoutId: string): string {
    const session = this.sessionFor(checkoutId);
    const intent = this.intents.get(session.paymentIntent ?? '');
    if (!intent || intent.status !== 'processing') throw new Error(`no processing payment for ${session.id}`);
    intent.status = 'requires_payment_method';
    return this.sessionEvent(session, 'checkout.session.async_payment_failed');
  }

  /** The payer never paid and the session's lifetime ran out: returns checkout.session.expired. */
  expireSession(checkoutId: string): string {
    const session = this.sessionFor(checkoutId);
    if (session.status !== 'open') throw new Error(`session ${session.id} is ${session.status}`);
    session.status = 'expired';
    return this.sessionEvent(session, 'checkout.session.expired');
  }

  /**
   * A Checkout Session event as Stripe posts it: the session object in its state now. The
   * event id is one per session and type, so posting it again is Stripe's retry of it.
   */
  sessionEvent(session: StandInSession, type: string): string {
    return JSON.stringify({
      id: `evt_${session.id}_${type.replace(/^checkout\.session\./, '')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      type,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          mode: 'payment',
          status: session.status,
          payment_status: session.paymentStatus,
          amount_total: session.amountTotal,
          currency: session.currency,
          client_reference_id: session.checkoutId,
          metadata: session.checkoutId ? { checkoutId: session.checkoutId } : {},
          payment_intent: session.paymentIntent,
          allowed_payment_method_types: session.allowedPaymentMethodTypes,
          payment_method_types: session.allowedPaymentMethodTypes,
          expires_at: STRIPE_SESSION_EXPIRES,
          url: session.status === 'open' ? `https://checkout.stripe.test/c/pay/${session.id}` : null,
        },
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method ?? '', path: req.url ?? '', idempotencyKey, auth: req.headers.authorization, form });
    res.setHeader('content-type', 'application/json');
    if (this.failNext || (this.failNextTo !== null && this.failNextTo === req.url)) {
      this.failNext = false;
      this.failNextTo = null;
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is having a bad day' } }));
      return;
    }
    const path = req.url ?? '';
    const answer = req.method === 'POST' && idempotencyKey ? this.idempotent(idempotencyKey, path, body, () => this.route(req.method!, path, form)) : this.route(req.method ?? '', path, form);
    res.statusCode = answer.status;
    res.end(JSON.stringify(answer.body));
  }

  /** Stripe's idempotency layer: the stored answer for a known key, the endpoint's for a new one. */
  private idempotent(key: string, path: string, body: string, run: () => { status: number; body: unknown }): { status: number; body: unknown } {
    const stored = this.answers.get(key);
    if (stored) {
      if (stored.path !== path || stored.body !== body) {
        return {
          status: 400,
          body: { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` } },
        };
      }
      return { status: stored.status, body: stored.response };
    }
    const answer = run();
    this.answers.set(key, { path, body, status: answer.status, response: answer.body });
    return answer;
  }

  private route(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      this.sessionCount += 1;
      const id = `cs_test_${this.sessionCount}`;
      const reference = form.get('client_reference_id');
      if (reference) this.sessionOf.set(reference, id);
      // Without the filter Stripe offers the dashboard's methods; cards stand for those here.
      const allowed = [...form.entries()].filter(([k]) => k.startsWith('allowed_payment_method_types[')).map(([, v]) => v);
      let amountTotal = 0;
      for (let i = 0; form.has(`line_items[${i}][price_data][unit_amount]`); i++) {
        amountTotal += Number(form.get(`line_items[${i}][price_data][unit_amount]`)) * Number(form.get(`line_items[${i}][quantity]`) ?? 1);
      }
      this.sessions.set(id, {
        id,
        checkoutId: reference,
        amountTotal,
        currency: form.get('line_items[0][price_data][currency]') ?? 'eur',
        allowedPaymentMethodTypes: allowed.length > 0 ? allowed : ['card'],
        status: 'open',
        paymentStatus: 'unpaid',
        paymentIntent: null,
      });
      return { status: 200, body: { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, expires_at: STRIPE_SESSION_EXPIRES, client_reference_id: reference } };
    }
    const expire = method === 'POST' ? /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path) : null;
    if (expire) return { status: 200, body: { id: expire[1], object: 'checkout.session', status: 'expired', url: null } };
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = form.get('payment_intent') ?? '';
      if (this.refusingRefunds.has(paymentIntent)) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_disputed', message: `Charge ch_${paymentIntent.replace(/^pi_/, '')} has been charged back; cannot issue a refund.` } } };
      }
      const amount = Number(form.get('amount'));
      // Stripe gives back at most what is left of the charge; a payment still processing has none.
      const intent = this.intents.get(paymentIntent);
      if (intent && intent.status !== 'succeeded') {
        return { status: 400, body: { error: { type: 'invalid_request_error', message: `This PaymentIntent (${paymentIntent}) does not have a successful charge to refund.` } } };
      }
      const charged = this.chargedAmount.get(paymentIntent);
      const refunded = this.refunds.filter((r) => r.paymentIntent === paymentIntent).reduce((n, r) => n + r.amount, 0);
      if (charged !== undefined && refunded >= charged) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ch_${paymentIntent.replace(/^pi_/, '')} has already been refunded.` } } };
      }
      if (charged !== undefined && amount > charged - refunded) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${((charged - refunded) / 100).toFixed(2)})` } } };
      }
      const id = `re_test_${this.nextId()}`;
      this.refunds.push({ id, paymentIntent, amount });
      this.balance.push({ id: `txn_${this.nextId()}`, object: 'balance_transaction', amount: -amount, currency: 'eur', type: 'refund', created: Math.floor(Date.now() / 1000), source: id });
      return { status: 200, body: { id, object: 'refund', amount, payment_intent: paymentIntent } };
    }
    const connect = serveConnect(this, method, new URL(path || '/', 'http://stand-in'), form);
    if (connect) return connect;
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'unknown' } } };
  }
}

/** Stripe's Connect endpoints, answering `{status, body}`; null for a path it does not serve. */
function serveConnect(
  stripe: StripeStandIn,
  method: string,
  url: URL,
  form: URLSearchParams,
): { status: number; body: unknown } | null {
  const next = (prefix: string) => `${prefix}_${stripe.nextId()}`;
  const invalid = (message: string, code?: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } } });
  const path = url.pathname;
  if (method === 'POST' && path === '/v1/accounts') {
    const account: StandInAccount = {
      id: next('acct_1Standin'),
      object: 'account',
      type: 'express',
      country: 'ES',
      email: form.get('email'),
      details_submitted: false,
      payouts_enabled: false,
      charges_enabled: false,
      // Requested at creation; active only once onboarding is done (setStandInAccount).
      capabilities: { transfers: 'inactive' },
      requirements: { currently_due: ['external_account', 'individual.id_number', 'tos_acceptance.date'], past_due: [], eventually_due: ['external_account', 'individual.id_number', 'tos_acceptance.date'], current_deadline: null, disabled_reason: 'requirements.past_due' },
      metadata: Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v])),
    };
    stripe.accounts.set(account.id, account);
    return { status: 200, body: account };
  }
  const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(path);
  if (method === 'GET' && accountMatch) {
    const account = stripe.accounts.get(accountMatch[1]!);
    return account ? { status: 200, body: account } : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such account' } } };
  }
  if (method === 'POST' && path === '/v1/account_links') {
    const account = form.get('account') ?? '';
    if (!stripe.accounts.has(account)) return invalid('No such account');
    return {
      status: 200,
      body: { object: 'account_link', created: Math.floor(Date.now() / 1000), expires_at: Math.floor(Date.now() / 1000) + 300, url: `https://connect.stripe.test/setup/e/${account}/${next('link')}`, return_url: form.get('return_url'), refresh_url: form.get('refresh_url') },
    };
  }
  const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
  if (method === 'GET' && intentMatch) {
    const pi = intentMatch[1]!;
    const charge = stripe.chargeOfIntent.get(pi) ?? null;
    const intent = stripe.intents.get(pi);
    // `expand[]` as the SDK sends it (expand[0]=…): the named fields come as objects.
    const expand = new Set([...url.searchParams.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v));
    const methodType = intent?.method ?? 'card';
    const paymentMethod = intent ? { id: `pm_${pi.replace(/^pi_/, '')}`, object: 'payment_method', type: methodType, [methodType]: {} } : null;
    const latestCharge =
      charge && expand.has('latest_charge')
        ? { id: charge, object: 'charge', status: 'succeeded', paid: true, amount: stripe.chargedAmount.get(pi) ?? 0, payment_intent: pi, payment_method_details: { type: methodType, [methodType]: {} } }
        : charge;
    return {
      status: 200,
      body: {
        id: pi,
        object: 'payment_intent',
        status: intent?.status ?? (charge ? 'succeeded' : 'processing'),
        amount: intent?.amount ?? stripe.chargedAmount.get(pi) ?? 0,
        currency: 'eur',
        capture_method: 'automatic',
        payment_method_types: intent ? [methodType] : ['card'],
        payment_method: paymentMethod && expand.has('payment_method') ? paymentMethod : (paymentMethod?.id ?? null),
        latest_charge: latestCharge,
      },
    };
  }
  if (method === 'POST' && path === '/v1/transfers') {
    const destination = form.get('destination') ?? '';
    const account = stripe.accounts.get(destination);
    if (!account) return invalid(`No such destination: '${destination}'`);
    if (stripe.refusingAccounts.has(destination) || account.capabilities.transfers !== 'active') {
      return invalid("Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments", 'insufficient_capabilities_for_transfer');
    }
    const amount = Number(form.get('amount'));
    const transfer = {
      id: next('tr_1Standin'),
      object: 'transfer' as const,
      amount,
      amount_reversed: 0,
      currency: form.get('currency') ?? 'eur',
      destination,
      transfer_group: form.get('transfer_group'),
      source_transaction: form.get('source_transaction'),
      reversed: false,
      metadata: Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v])),
      reversals: { object: 'list' as const, data: [] as { id: string; object: 'transfer_reversal'; amount: number; transfer: string }[] },
    };
    stripe.transfers.set(transfer.id, transfer);
    stripe.balance.push({ id: next('txn'), object: 'balance_transaction', amount: -amount, currency: transfer.currency, type: 'transfer', created: Math.floor(Date.now() / 1000), source: transfer.id });
    return { status: 200, body: transfer };
  }
  // A reversal enters the balance as Stripe's type `transfer_refund` (its BalanceTransaction.Type).
  const reversalMatch = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
  if (method === 'POST' && reversalMatch) {
    const transfer = stripe.transfers.get(reversalMatch[1]!);
    if (!transfer) return invalid('No such transfer');
    const amount = Number(form.get('amount') ?? transfer.amount);
    const reversal = { id: next('trr_1Standin'), object: 'transfer_reversal' as const, amount, transfer: transfer.id };
    transfer.reversals.data.push(reversal);
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed >= transfer.amount;
    stripe.balance.push({ id: next('txn'), object: 'balance_transaction', amount, currency: transfer.currency, type: 'transfer_refund', created: Math.floor(Date.now() / 1000), source: reversal.id });
    return { status: 200, body: reversal };
  }
  if (method === 'GET' && path === '/v1/balance_transactions') {
    const gte = Number(url.searchParams.get('created[gte]') ?? 0);
    const lt = Number(url.searchParams.get('created[lt]') ?? Number.MAX_SAFE_INTEGER);
    const data = stripe.balance.filter((b) => b.created >= gte && b.created < lt);
    // One page: Stripe lists newest first; has_more false ends the SDK's auto-pagination.
    return { status: 200, body: { object: 'list', url: '/v1/balance_transactions', has_more: false, data: [...data].reverse() } };
  }
  return null;
}

/** Completes (or restricts) a stand-in account as Stripe would after onboarding; returns the Account object. */
export function setStandInAccount(stripe: StripeStandIn, accountId: string, ready: boolean): StandInAccount {
  const account = stripe.accounts.get(accountId)!;
  account.details_submitted = ready || account.details_submitted;
  account.payouts_enabled = ready;
  account.charges_enabled = ready;
  account.capabilities.transfers = ready ? 'active' : 'inactive';
  account.requirements = ready
    ? { currently_due: [], past_due: [], eventually_due: [], current_deadline: null, disabled_reason: null }
    : { currently_due: ['external_account'], past_due: ['external_account'], eventually_due: ['external_account'], current_deadline: null, disabled_reason: 'requirements.past_due' };
  return account;
}

/** The JSON body of any Stripe event (`account` set for a connected account's event). */
export function stripeEvent(type: string, object: unknown, eventId: string, account?: string): string {
  return JSON.stringify({ id: eventId, object: 'event', api_version: '2025-01-27.acacia', type, ...(account ? { account } : {}), data: { object } });
}

const signer = new Stripe('sk_test_signer');

/** A `stripe-signature` header for `payload`, as Stripe's servers compute it. */
export function signStripePayload(payload: string, secret = STRIPE_TEST_WEBHOOK_SECRET): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret });
}

/** Posts `payload` to the app's Stripe webhook, signed as Stripe signs it. */
export function postStripeWebhook(t: TestApp, payload: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload) },
    payload,
  });
}

/** The JSON body of a Checkout Session event, as Stripe posts it to the webhook. */
export function checkoutSessionEvent(type: string, session: { id: string; checkoutId: string; paymentStatus?: string; paymentIntent?: string }, eventId: string): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: session.checkoutId,
        metadata: { checkoutId: session.checkoutId },
        payment_status: session.paymentStatus ?? 'paid',
        payment_intent: session.paymentIntent ?? 'pi_test_1',
      },
    },
  });
}
