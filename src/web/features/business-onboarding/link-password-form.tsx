import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { linkPasswordInputSchema } from '@shared/contracts/business-onboarding';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { refreshSession } from '@web/lib/session';
import { useText } from '@web/lib/text';
import { setLinkPassword } from './api';

/** What the link's page does when the server refuses the link itself rather than a field. */
export type LinkRefusal = 'alreadyUsed' | 'expired' | 'error';

interface LinkPasswordFormProps {
  token: string;
  /** The address, when this is the browser that filled the interest form; else it is typed. */
  email: string | null;
  onLinkRefused: (refusal: LinkRefusal) => void;
}

type Errors = { email?: string; newPassword?: string };

/**
 * The mailed link's one use (ADR 081): the address it was sent to and the password to sign in
 * with. Wherever the link is opened — the phone's mail app too — this confirms the address,
 * signs that browser in and goes on to the wizard. Typing the address is what keeps a link
 * handed to someone else from signing them into its account.
 */
export function LinkPasswordForm({ token, email, onLinkRefused }: LinkPasswordFormProps) {
  const { t } = useText('business');
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: email ?? '', newPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [isSaving, setSaving] = useState(false);

  const emailError = (code: string) =>
    code === 'emailMismatch' ? t('confirm.password.emailMismatch') : t(`signup.errors.${code}`, { defaultValue: t('signup.errors.invalid') });
  const passwordError = (code: string) => t(`signup.password.errors.${code}`, { defaultValue: t('signup.password.failed') });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The same contract the server checks the form with.
    const parsed = linkPasswordInputSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if ((field === 'email' || field === 'newPassword') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setSaving(true);
    try {
      await setLinkPassword(parsed.data);
      await refreshSession();
      toast.success(t('confirm.password.saved'));
      void navigate('/business/signup', { replace: true });
    } catch (error) {
      setSaving(false);
      if (!(error instanceof ApiError)) {
        toast.error(t('common.errorTitle'), { description: t('signup.errors.registrationError') });
        return;
      }
      if (error.code === 'link_used') return onLinkRefused('alreadyUsed');
      if (error.code === 'token_expired') return onLinkRefused('expired');
      if (error.code === 'token_invalid' || error.code === 'token_missing') return onLinkRefused('error');
      const fields = error.problem.fields ?? {};
      if (fields.email || fields.newPassword) {
        setErrors({ email: fields.email, newPassword: fields.newPassword });
        return;
      }
      toast.error(t('common.errorTitle'), { description: t(error.code === 'rate_limited' ? 'signup.errors.rateLimited' : error.code === 'network_error' ? 'signup.errors.network' : 'signup.errors.registrationError') });
    }
  };

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <section aria-labelledby="link-password-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5 shadow-soft sm:p-6">
      <h1 id="link-password-title" className="flex items-center gap-2 font-display text-2xl font-semibold">
        <KeyRound className="size-6 shrink-0 text-brand-600" aria-hidden="true" />
        {t('confirm.password.title')}
      </h1>
      <p className="text-ink">{t('confirm.password.lead')}</p>
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        <Field
          label={t('confirm.password.email')}
          required
          hint={email ? undefined : t('confirm.password.emailHint')}
          error={errors.email ? emailError(errors.email) : undefined}
        >
          <Input
            id="link-email"
            type="email"
            name="username"
            autoComplete="username"
            inputMode="email"
            readOnly={email !== null}
            value={values.email}
            onChange={change('email')}
          />
        </Field>
        <Field
          label={t('signup.password.label')}
          required
          hint={t('signup.password.rule')}
          error={errors.newPassword ? passwordError(errors.newPassword) : undefined}
        >
          <Input id="link-new-password" type="password" name="new-password" autoComplete="new-password" value={values.newPassword} onChange={change('newPassword')} />
        </Field>
        <Button type="submit" size="lg" disabled={isSaving} aria-busy={isSaving || undefined}>
          {isSaving ? <Spinner decorative className="text-white" /> : null}
          {isSaving ? t('signup.password.saving') : t('confirm.password.submit')}
        </Button>
      </form>
    </section>
  );
}
