import type { BusinessPayouts } from '@shared/contracts/payouts';
import type { Executor } from '../../db/client';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import { getBusinessBalances } from '../ledger/ledger-balances';
import { listTransfers } from '../transfers/list-transfers';
import { getPayoutAccount } from './payout-account-view';

/** The owner's Payouts tab: the account's state, the balances (ledger sums) and the transfers. */
export async function getBusinessPayouts(db: Executor, userId: string): Promise<BusinessPayouts> {
  const business = await requireOwnedBusiness(db, userId);
  const [account, balances, transfers] = await Promise.all([
    getPayoutAccount(db, business.id),
    getBusinessBalances(db, business.id),
    listTransfers(db, { businessId: business.id }),
  ]);
  return { account, balances, transfers };
}
