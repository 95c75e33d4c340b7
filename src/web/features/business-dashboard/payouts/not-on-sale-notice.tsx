import { lazy, Suspense } from 'react';
import { usePayoutAccount } from './payouts-api';

// The card (and the payouts texts) load only for a business that cannot be paid: the gifts
// tab of one that can pays for one API call, not for this code (route JS budget, ADR 039).
const PayoutAccountCard = lazy(() => import('./payout-account-card').then((m) => ({ default: m.PayoutAccountCard })));

/**
 * What the gifts tab shows until the business can be paid: its gifts are not on
 * sale, with the one button that fixes it. It waits on its own, so the tab never does.
 */
export function NotOnSaleNotice() {
  const account = usePayoutAccount().data;
  if (!account || account.status === 'active') return null;
  return (
    <Suspense fallback={null}>
      <PayoutAccountCard account={account} compact />
    </Suspense>
  );
}
