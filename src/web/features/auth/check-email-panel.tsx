import { MailCheck } from 'lucide-react';
import { useText } from '../../lib/text';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useResendVerification } from './use-resend-verification';

/** After sign-up: the account waits for its email to be confirmed. */
export function CheckEmailPanel({ email, onUseAnotherEmail }: { email: string; onUseAnotherEmail: () => void }) {
  const { t } = useText('auth');
  const { pending, resend } = useResendVerification(email);

  return (
    <section aria-labelledby="check-email-title" className="flex flex-col items-center gap-4 py-2 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
        <MailCheck className="size-7" aria-hidden="true" />
      </span>
      <h2 id="check-email-title" className="font-display text-2xl font-semibold" tabIndex={-1}>
        {t('checkEmail.title')}
      </h2>
      <p className="text-ink">{t('checkEmail.body', { email })}</p>
      <p className="text-sm text-muted">{t('checkEmail.spamTip')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="outline" disabled={pending} onClick={() => void resend()}>
          {pending ? <Spinner decorative /> : null}
          {pending ? t('checkEmail.resending') : t('checkEmail.resend')}
        </Button>
        <Button variant="ghost" onClick={onUseAnotherEmail}>
          {t('checkEmail.useAnotherEmail')}
        </Button>
      </div>
    </section>
  );
}
