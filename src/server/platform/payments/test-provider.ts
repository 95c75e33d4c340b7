import { randomUUID } from 'node:crypto';
import type { BalanceTransaction, ConnectedAccountState, PaymentProvider } from './payment-provider';
import { PaymentProviderError, PaymentSignatureError } from './payment-provider';

/** How long a test checkout can be paid before the expiry job closes it. */
export const TEST_CHECKOUT_LIFETIME_MS = 30 * 60 * 1000;

/**
 * Takes no money. The payer lands on Regalo's own, clearly labelled test payment page
 * (`/checkout/<id>/pay`), whose buttons call POST /api/payments/test/:id/succeed|fail|cancel.
 * There are no webhooks: those endpoints run the same use cases a Stripe event does.
 *
 * Connect (ADR 053): onboarding is Regalo's own labelled test page
 * (`/business/payouts/test-onboarding`), whose buttons set the stored account state through
 * the same use case `account.updated` runs. Transfers, reversals and refunds are recorded
 * here, in memory, as the provider's balance for the reconciliation of this process.
 * Idempotency keys behave as Stripe's (ADR 084): the first answer for a key, refusals
 * included, is the answer to every later request with that key and the same parameters, and
 * the same key with other parameters is an error.
 */
export interface RecordedRefund {
  paymentRef: string;
  amount: number;
  idempotencyKey: string | null;
  refundRef: string;
}

export interface RecordedTransfer {
  transferId: string;
  amount: number;
  destination: string;
  transferGroup: string;
  sourcePayment: string | null;
  idempotencyKey: string;
  orderId: string;
  reversalId: string | null;
}

export interface TestPaymentProvider extends PaymentProvider {
  /** Every refund asked for, oldest first (a repeated idempotency key is recorded once). */
  readonly refunds: RecordedRefund[];
  /** Every transfer made (a repeated idempotency key is recorded once). */
  readonly transfers: RecordedTransfer[];
  /** Transfers to these accounts are refused, as Stripe refuses a restricted account. */
  readonly refusingAccounts: Set<string>;
  /** Refunds of these payments are refused, as Stripe refuses a disputed charge. */
  readonly refusingRefunds: Set<string>;
  /** The test payment page's success: the charge enters this provider's balance. */
  recordCharge(paymentRef: string, amount: number, at: Date): void;
}

export function createTestPaymentProvider(publicUrl: string, now: () => Date = () => new Date()): TestPaymentProvider {
  const refunds: RecordedRefund[] = [];
  const transfers: RecordedTransfer[] = [];
  const refusingAccounts = new Set<string>();
  const refusingRefunds = new Set<string>();
  const balance: BalanceTransaction[] = [];
  /** Idempotency key → the request's parameters and its first answer (a result or a refusal). */
  const answers = new Map<string, { params: string; result?: unknown; error?: PaymentProviderError }>();
  async function keyed<T>(key: string | undefined, params: unknown, run: () => T): Promise<T> {
    if (!key) return run();
    const stored = answers.get(key);
    if (stored) {
      if (stored.params !== JSON.stringify(params)) {
        throw new PaymentProviderError(`Keys for idempotent requests can only be used with the same parameters they were first used with (test provider): ${key}`);
      }
      if (stored.error) throw stored.error;
      return stored.result as T;
    }
    try {
      const result = run();
      answers.set(key, { params: JSON.stringify(params), result });
      return result;
    } catch (error) {
      if (error instanceof PaymentProviderError) answers.set(key, { params: JSON.stringify(params), error });
      throw error;
    }
  }
  const move = (type: string, amount: number, sourceId: string) =>
    balance.push({ id: `txn_test_${randomUUID()}`, type, amount, sourceId, created: now() });
  const incompleteAccount = (accountId: string): ConnectedAccountState => ({
    accountId,
    detailsSubmitted: false,
    payoutsEnabled: false,
    transfersActive: false,
    requirementsDue: ['external_account', 'representative.id_number'],
    requirementsEventuallyDue: [],
    requirementsDeadline: null,
    disabledReason: 'requirements.past_due',
  });
  return {
    name: 'test',
    refunds,
    transfers,
    refusingAccounts,
    refusingRefunds,
    recordCharge(paymentRef, amount) {
      if (!balance.some((t) => t.type === 'charge' && t.sourceId === paymentRef)) move('charge', amount, paymentRef);
    },
    async createPayment({ checkoutId, now: at }) {
      return {
        providerRef: `test_${checkoutId}`,
        paymentUrl: `${publicUrl}/checkout/${checkoutId}/pay`,
        expiresAt: new Date(at.getTime() + TEST_CHECKOUT_LIFETIME_MS),
      };
    },
    parseWebhook() {
      throw new PaymentSignatureError('The test provider sends no webhooks');
    },
    // The test payment page pays only a pending checkout: closing ours is enough.
    async closePayment() {},
    // The test payment page says which method it pays with (its Bizum choice, ADR 106).
    async paymentMethodOf() {
      return null;
    },
    async refund(paymentRef, amount, idempotencyKey) {
      return keyed(idempotencyKey, { paymentRef, amount }, () => {
        if (refusingRefunds.has(paymentRef)) throw new PaymentProviderError(`The payment ${paymentRef} cannot be refunded now (test provider)`, 'refused');
        const refundRef = `test_refund_${randomUUID()}`;
        refunds.push({ paymentRef, amount, idempotencyKey: idempotencyKey ?? null, refundRef });
        move('refund', -amount, refundRef);
        return { refundRef };
      });
    },
    async createConnectedAccount() {
      return incompleteAccount(`acct_test_${randomUUID().replaceAll('-', '')}`);
    },
    async createOnboardingLink({ accountId }) {
      return { url: `${publicUrl}/business/payouts/test-onboarding?account=${encodeURIComponent(accountId)}` };
    },
    async getConnectedAccount(accountId) {
      // The stored state is the truth for test accounts (the test page writes it).
      return incompleteAccount(accountId);
    },
    async createTransfer(input) {
      const { idempotencyKey, ...params } = input;
      return keyed(idempotencyKey, params, () => {
        if (refusingAccounts.has(input.destination)) {
          throw new PaymentProviderError(`The destination account ${input.destination} cannot receive transfers (test provider)`, 'refused');
        }
        const transferId = `tr_test_${randomUUID().replaceAll('-', '')}`;
        transfers.push({ ...input, transferId, reversalId: null });
        move('transfer', -input.amount, transferId);
        return { transferId };
      });
    },
    async reverseTransfer({ transferId, amount, idempotencyKey }) {
      return keyed(idempotencyKey, { transferId, amount }, () => {
        const transfer = transfers.find((t) => t.transferId === transferId);
        if (!transfer) throw new PaymentProviderError(`No such transfer: ${transferId}`, 'refused');
        if (!transfer.reversalId) {
          transfer.reversalId = `trr_test_${randomUUID().replaceAll('-', '')}`;
          // Stripe's balance-transaction type for a transfer reversal.
          move('transfer_refund', amount, transfer.reversalId);
        }
        return { reversalId: transfer.reversalId };
      });
    },
    async listBalanceTransactions({ from, to }) {
      return balance.filter((t) => t.created >= from && t.created < to);
    },
  };
}
