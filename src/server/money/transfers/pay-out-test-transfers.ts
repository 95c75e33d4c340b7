import { and, eq, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { ledgerEntries, payoutAccounts, transfers } from '../../db/schema/payouts';
import { applyPayoutEvent } from './apply-payout-event';
import type { AppContext } from '../../platform/context';

/** How long the test provider's money takes from the payout account to the bank. */
export const TEST_PAYOUT_DELAY_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The test provider's payout of one transfer, named after it so it is paid out once. */
export const testPayoutId = (transferId: string) => `po_test_${transferId}`;

/**
 * The test provider's stand-in for the payouts Stripe makes on its own (ADR 053): a
 * connected account's money reaches its bank a few days after it arrived, and Stripe says so
 * with `payout.paid`. The test provider sends no events, so this records the same event for
 * each transfer sent at least TEST_PAYOUT_DELAY_DAYS ago and still there (not reversed),
 * through the use case the event runs; the owner's Payouts tab then shows the money paid out
 * instead of on its way forever. Only with the test provider; with Stripe the event comes
 * from Stripe. Safe with several servers: the payout's ledger row has its own idempotency
 * key, so a second server's run adds nothing.
 */
export async function payOutTestTransfers(ctx: Pick<AppContext, 'db' | 'now' | 'payments'>): Promise<number> {
  if (ctx.payments.name !== 'test') return 0;
  const now = ctx.now();
  const arrivedBy = new Date(now.getTime() - TEST_PAYOUT_DELAY_DAYS * DAY_MS);
  const due = await ctx.db
    .select({ transferId: transfers.providerTransferId, amount: transfers.amount, accountId: payoutAccounts.providerAccountId })
    .from(transfers)
    .innerJoin(payoutAccounts, and(eq(payoutAccounts.businessId, transfers.businessId), eq(payoutAccounts.provider, 'test')))
    .where(
      and(
        eq(transfers.state, 'sent'),
        isNotNull(transfers.providerTransferId),
        lte(transfers.sentAt, arrivedBy),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.idempotencyKey, sql`${`payout_paid:${testPayoutId('')}`} || ${transfers.providerTransferId}`)),
        ),
      ),
    );
  let paid = 0;
  for (const { transferId, amount, accountId } of due) {
    const payoutId = testPayoutId(transferId!);
    const result = await ctx.db.transaction((tx) =>
      applyPayoutEvent(tx, 'test', { kind: 'payout_paid', eventId: `evt_${payoutId}`, payoutId, accountId, amount }, now),
    );
    if (result === 'applied') paid += 1;
  }
  return paid;
}
