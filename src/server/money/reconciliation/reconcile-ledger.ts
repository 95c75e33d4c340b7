import { and, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { ReconciliationDifferenceKind } from '@shared/domain/payouts';
import { ledgerEntries, reconciliationDifferences, reconciliationRuns } from '../../db/schema/payouts';
import type { AppContext } from '../../platform/context';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A movement may be stamped a little apart on each side (the clocks, a slow commit). */
const MARGIN_MS = 60 * 60 * 1000;

/** The ledger kinds that have a provider movement of their own, and its sign there. */
const compared = { charge_received: 1, charge_refunded: -1, refund_commission: -1, refund_commission_vat: -1, refund_share: -1, transfer_sent: -1, transfer_reversed: 1 } as const;

/**
 * The provider's balance-transaction types for the movements Regalo makes, in Stripe's names
 * (`Stripe.BalanceTransaction.Type`): a payment (`charge`, or `payment` for some methods),
 * its refunds (`refund`, `payment_refund`) and their failures, a transfer to a connected
 * account and its reversal (`transfer_refund`), cancellation or failure. Any of these missing
 * from the ledger is a difference; the rest (fees, the platform's own payouts, top-ups…) is
 * Stripe's and not in the ledger.
 */
export const reconciledProviderTypes = [
  'charge',
  'payment',
  'refund',
  'payment_refund',
  'refund_failure',
  'payment_failure_refund',
  'transfer',
  'transfer_refund',
  'transfer_cancel',
  'transfer_failure',
] as const;

export interface ReconciliationResult {
  runId: string;
  compared: number;
  differences: { kind: ReconciliationDifferenceKind; providerRef: string; ledgerAmount: number | null; providerAmount: number | null; businessId: string | null }[];
}

/**
 * Compares the ledger with the provider's balance transactions over a window (default: the
 * 24 hours before now) and stores what disagrees, for the admin's payouts view (ADR 053).
 * Matching is by the provider's reference and signed amount: the charge (PaymentIntent), each
 * refund (the three refund rows of one refund together, or a late payment's whole refund),
 * each transfer and each reversal.
 * Either side is looked at a little beyond the window, so a movement stamped a minute apart
 * on the two sides is not reported.
 */
export async function reconcileLedger(
  ctx: Pick<AppContext, 'db' | 'now' | 'payments'>,
  window?: { from: Date; to: Date },
): Promise<ReconciliationResult> {
  const to = window?.to ?? ctx.now();
  const from = window?.from ?? new Date(to.getTime() - DAY_MS);
  const provider = await ctx.payments.listBalanceTransactions({ from: new Date(from.getTime() - MARGIN_MS), to: new Date(to.getTime() + MARGIN_MS) });
  const providerByRef = new Map<string, number>();
  for (const txn of provider) providerByRef.set(txn.sourceId, (providerByRef.get(txn.sourceId) ?? 0) + txn.amount);

  const ledgerRows = await ctx.db
    .select({
      providerRef: ledgerEntries.providerRef,
      businessId: sql<string | null>`max(${ledgerEntries.businessId}::text)`,
      amount: sql<number>`sum(case when ${ledgerEntries.kind} in ('charge_received', 'transfer_reversed') then ${ledgerEntries.amount} else -${ledgerEntries.amount} end)::int`,
      first: sql<Date>`min(${ledgerEntries.createdAt})`.mapWith(ledgerEntries.createdAt),
    })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.kind, Object.keys(compared)), isNotNull(ledgerEntries.providerRef), gte(ledgerEntries.createdAt, new Date(from.getTime() - MARGIN_MS)), lt(ledgerEntries.createdAt, new Date(to.getTime() + MARGIN_MS))))
    .groupBy(ledgerEntries.providerRef);
  const ledgerByRef = new Map(ledgerRows.map((r) => [r.providerRef!, r]));

  const differences: ReconciliationResult['differences'] = [];
  const inWindow = (at: Date) => at >= from && at < to;
  for (const row of ledgerRows) {
    if (!inWindow(row.first)) continue;
    const theirs = providerByRef.get(row.providerRef!);
    if (theirs === undefined) differences.push({ kind: 'missing_in_provider', providerRef: row.providerRef!, ledgerAmount: row.amount, providerAmount: null, businessId: row.businessId });
    else if (theirs !== row.amount) differences.push({ kind: 'amount_mismatch', providerRef: row.providerRef!, ledgerAmount: row.amount, providerAmount: theirs, businessId: row.businessId });
  }
  for (const txn of provider) {
    if (!inWindow(txn.created) || ledgerByRef.has(txn.sourceId)) continue;
    // Only movements Regalo makes; Stripe's own (fees, payouts of the platform) are not in the ledger.
    if (!(reconciledProviderTypes as readonly string[]).includes(txn.type)) continue;
    if (differences.some((d) => d.providerRef === txn.sourceId)) continue;
    differences.push({ kind: 'missing_in_ledger', providerRef: txn.sourceId, ledgerAmount: null, providerAmount: providerByRef.get(txn.sourceId)!, businessId: null });
  }

  const runId = await ctx.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(reconciliationRuns)
      .values({ provider: ctx.payments.name, periodFrom: from, periodTo: to, comparedCount: ledgerRows.length, differenceCount: differences.length, createdAt: ctx.now() })
      .returning({ id: reconciliationRuns.id });
    if (differences.length > 0) {
      await tx.insert(reconciliationDifferences).values(differences.map((d) => ({ ...d, runId: run!.id, createdAt: ctx.now() })));
    }
    return run!.id;
  });
  return { runId, compared: ledgerRows.length, differences };
}
