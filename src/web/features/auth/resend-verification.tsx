import { MailWarning } from 'lucide-react';
import { useText } from '../../lib/text';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useResendVerification } from './use-resend-verification';

/** Shown when someone signs in before confirming their email: explains and offers a new link. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useText('auth');
  const { pending, resend } = useResendVerification(email);

  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-ink">
      <div className="flex items-start gap-3">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold">{t('unverified.title')}</p>
          <p className="text-sm">{t('unverified.body', { email })}</p>
        </div>
      </div>
      <Button variant="outline" size="sm" className="self-start" disabled={pending} onClick={() => void resend()}>
        {pending ? <Spinner decorative /> : null}
        {pending ? t('unverified.resending') : t('unverified.resend')}
      </Button>
    </div>
  );
}
