import { useText } from '@web/lib/text';
import { Link } from 'react-router';
import { GUEST_LIMITS } from '@shared/contracts/guest-checkout-limits';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import type { GuestBuyerFields, GuestErrors } from './guest-buyer';

/** The guest's name and email (ADR 075), with the way to sign in instead. */
export function GuestDetails({
  fields,
  errors,
  onChange,
}: {
  fields: GuestBuyerFields;
  errors: GuestErrors;
  onChange: (change: Partial<GuestBuyerFields>) => void;
}) {
  const { t } = useText('checkout');
  const fieldError = (field: keyof GuestErrors) =>
    errors[field] ? t(`errors.fields.${errors[field]}`, { defaultValue: t('errors.fields.invalid') }) : undefined;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid="guest-details">
      <section aria-labelledby="guest-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-0.5">
          <h2 id="guest-title" className="font-display text-xl font-semibold leading-tight">
            {t('guest.title')}
          </h2>
          <p className="text-sm text-muted">{t('guest.lead')}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('guest.name')} required hint={t('guest.nameHint')} error={fieldError('name')}>
            <Input
              id="guest-name"
              autoComplete="name"
              maxLength={GUEST_LIMITS.name}
              value={fields.name}
              onChange={(event) => onChange({ name: event.target.value })}
            />
          </Field>
          <Field label={t('guest.email')} required error={fieldError('email')}>
            <Input
              id="guest-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={GUEST_LIMITS.email}
              value={fields.email}
              onChange={(event) => onChange({ email: event.target.value })}
            />
          </Field>
        </div>
        <p className="text-sm">
          {t('guest.haveAccount')}{' '}
          <Link to={`/auth?next=${encodeURIComponent('/checkout')}`} className="font-semibold text-brand-700 underline underline-offset-4">
            {t('guest.signIn')}
          </Link>
        </p>
        <p className="text-sm">
          {t('guest.boughtBefore')}{' '}
          <Link to="/purchase" className="font-semibold text-brand-700 underline underline-offset-4">
            {t('guest.findPurchases')}
          </Link>
        </p>
      </section>
    </Card>
  );
}
