import { CheckCircle2, X } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { readEmailConfirmation, withoutEmailConfirmation } from '@web/lib/email-confirmation';
import { useText } from '@web/lib/text';

/**
 * After the confirmation link: the area says the address is confirmed and, when purchases
 * made as a guest with it were found, how many and how to add them (they never move into the
 * account by themselves, ADR 075).
 */
export function EmailConfirmedBanner() {
  const { t } = useText('app');
  const [params, setParams] = useSearchParams();
  const { verified, found } = readEmailConfirmation(params);
  if (!verified) return null;
  return (
    <div role="status" className="flex items-start justify-between gap-3 rounded-2xl border border-olive-600 bg-olive-50 px-4 py-3 text-olive-800" data-testid="email-confirmed">
      <div className="flex flex-col gap-1">
        <p className="font-semibold">
          <CheckCircle2 aria-hidden="true" className="mr-2 inline size-5" />
          {t('emailConfirmed.title')}
        </p>
        {found > 0 ? (
          <>
            <p className="text-sm">{t('emailConfirmed.found', { count: found })}</p>
            <p className="text-sm">
              <Link to="/purchase" className="font-semibold underline underline-offset-4">
                {t('emailConfirmed.findLink')}
              </Link>
            </p>
          </>
        ) : null}
      </div>
      <Button variant="ghost" size="sm" onClick={() => setParams(withoutEmailConfirmation(params), { replace: true })}>
        <X aria-hidden="true" />
        {t('emailConfirmed.dismiss')}
      </Button>
    </div>
  );
}
