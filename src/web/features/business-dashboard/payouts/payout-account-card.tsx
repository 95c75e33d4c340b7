import { Landmark } from 'lucide-react';
import { disabledReasonTextKey, requirementTextKey } from '@shared/domain/payout-requirements';
import { formatDateTime } from '@shared/format';
import type { PayoutAccount } from '@shared/contracts/payouts';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useText } from '@web/lib/text';
import { apiErrorMessage } from '@web/lib/api-error';
import { useStartOnboarding } from './payouts-api';


/**
 * The payout account in plain words, with the one button that fixes it (connect, or continue
 * the provider's onboarding). `compact`: the notice the other tabs show while the business
 * cannot be paid, and so is not on sale.
 */
export function PayoutAccountCard({ account, compact = false }: { account: PayoutAccount; compact?: boolean }) {
  const { t, language } = useText('payouts');
  const start = useStartOnboarding();
  const isActive = account.status === 'active';
  const plain = (r: string) => {
    const key = requirementTextKey(r);
    return key ? t(key) : r;
  };
  const requirements = account.requirementsDue.map(plain);
  const later = account.requirementsEventuallyDue.map(plain);
  // Stripe can ask for details while the account still works, with a deadline: the owner
  // reads what, and by when, before the transfers stop (not only once they have).
  const deadline = account.requirementsDeadline && requirements.length > 0 ? formatDateTime(account.requirementsDeadline, language) : null;
  const canNotice = account.status === 'restricted' || account.status === 'active';
  return (
    <Card role={compact ? 'status' : undefined} className={isActive ? undefined : 'border-saffron-300 bg-saffron-100/40'}>
      <CardHeader>
        <CardTitle as={compact ? 'h3' : 'h2'} className="flex items-center gap-2">
          <Landmark aria-hidden="true" className="size-5 text-brand-600" />
          {t(`account.title.${account.status}`)}
        </CardTitle>
        <CardDescription>{t(`account.description.${account.status}`)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3">
        {canNotice && requirements.length > 0 ? (
          <div>
            <p className="text-sm font-semibold">{t('account.requirementsIntro')}</p>
            <ul className="list-disc pl-5 text-sm">
              {requirements.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            {deadline ? <p className="text-sm font-semibold">{t('account.requirementsDeadline', { date: deadline })}</p> : null}
          </div>
        ) : null}
        {canNotice && later.length > 0 ? (
          <div>
            <p className="text-sm">{t('account.requirementsLater')}</p>
            <ul className="list-disc pl-5 text-sm">
              {later.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {isActive && requirements.length > 0 ? (
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            {t('account.action.restricted')}
          </Button>
        ) : null}
        {account.status === 'restricted' && account.disabledReason ? (
          <p className="text-sm">{t('account.disabledReason', { reason: plainReason(account.disabledReason, t) })}</p>
        ) : null}
        {isActive ? null : (
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            {t(`account.action.${account.status}`)}
          </Button>
        )}
        {start.isError ? (
          <p role="alert" className="text-sm text-danger-700">
            {apiErrorMessage(start.error, 'dashboard')}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The provider's reason in plain words when we have them, else as it wrote it. */
function plainReason(reason: string, t: (key: string) => string): string {
  const key = disabledReasonTextKey(reason);
  return key ? t(key) : reason;
}
