import { useId, useState, type FormEvent } from 'react';
import type { DashboardBusiness } from '@shared/contracts/business-dashboard';
import type { SellerDetailsInput } from '@shared/contracts/seller-details';
import { EU_MEMBER_STATES, formatIban, type MemberState } from '@shared/domain/dac7-seller';
import { intlTag } from '@shared/locale';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { reportApiError } from '@web/components/signed-in-area';
import { apiFieldErrors } from '@web/lib/api-error';
import { ApiError } from '@web/lib/api-client';
import { useText } from '@web/lib/text';
import { useUpdateSellerDetails } from './api';

type TextField = 'ownerFirstName' | 'ownerLastName' | 'ownerBirthDate' | 'vatNumber' | 'iban' | 'ibanHolder';

function valuesOf(business: DashboardBusiness): Record<TextField, string> {
  const d = business.sellerDetails;
  return {
    ownerFirstName: d.ownerFirstName ?? '',
    ownerLastName: d.ownerLastName ?? '',
    ownerBirthDate: d.ownerBirthDate ?? '',
    vatNumber: d.vatNumber ?? '',
    iban: d.iban ? formatIban(d.iban) : '',
    ibanHolder: d.ibanHolder ?? '',
  };
}

/**
 * The seller details DAC7 reports (ADR 100), opened from the profile tab: a sole trader's
 * names and date of birth, an entity's permanent establishments, the VAT number and the
 * account the business is paid into. None is needed to keep selling; the card says which the
 * report still lacks. The server checks every field (IBAN check digits, VAT number, an adult's
 * date of birth) and its codes show beside the field; the form itself checks nothing, so it
 * carries no validation code into the profile tab.
 */
export function SellerDetailsCard({ business }: { business: DashboardBusiness }) {
  const { t, language } = useText('seller-details');
  const [values, setValues] = useState(() => valuesOf(business));
  const [establishments, setEstablishments] = useState<MemberState[]>(business.sellerDetails.permanentEstablishments);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSellerDetails();
  const statesId = useId();
  const isIndividual = business.businessType === 'individual';
  const countryNames = new Intl.DisplayNames([intlTag(language)], { type: 'region' });

  const errorText = (field: string) => {
    const code = errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
    return code ? t(`errors.${code}`, { defaultValue: t('errors.invalid') }) : undefined;
  };
  const text = (field: TextField) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors(({ [field]: _cleared, ...rest }) => rest);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: SellerDetailsInput = { ...values, permanentEstablishments: isIndividual ? [] : establishments };
    update.mutate(input, {
      onSuccess: (saved) => {
        setValues(valuesOf(saved));
        setErrors({});
        toast.success(t('saved'));
      },
      onError: (error) => {
        const fields = apiFieldErrors(error);
        if (error instanceof ApiError && Object.keys(fields).length > 0) setErrors(fields);
        else reportApiError({ texts: 'dashboard' }, error);
      },
    });
  };

  const missing = business.dac7Missing;
  return (
    <div className="flex flex-col gap-4 pt-3" data-testid="seller-details">
      <p className="text-sm text-muted">{t('intro')}</p>
      <p role="status" className={missing.length > 0 ? 'rounded-xl bg-amber-50 p-3 text-sm text-amber-900' : 'text-sm text-muted'}>
        {missing.length > 0 ? t('missing', { fields: missing.map((field) => t(`fields.${field}`)).join(', ') }) : t('complete')}
      </p>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label={t('title')}>
        {isIndividual ? (
          <>
            <Field label={t('fields.firstName')} hint={t('hints.names')} error={errorText('ownerFirstName')}>
              <Input autoComplete="given-name" {...text('ownerFirstName')} />
            </Field>
            <Field label={t('fields.lastName')} error={errorText('ownerLastName')}>
              <Input autoComplete="family-name" {...text('ownerLastName')} />
            </Field>
            <Field label={t('fields.birthDate')} error={errorText('ownerBirthDate')}>
              <Input type="date" autoComplete="bday" {...text('ownerBirthDate')} />
            </Field>
          </>
        ) : null}
        <Field label={t('fields.vatNumber')} hint={t('hints.vatNumber')} error={errorText('vatNumber')}>
          <Input autoCapitalize="characters" {...text('vatNumber')} />
        </Field>
        <Field label={t('fields.iban')} hint={t('hints.iban')} error={errorText('iban')}>
          <Input autoCapitalize="characters" autoComplete="off" inputMode="text" spellCheck={false} {...text('iban')} />
        </Field>
        <Field label={t('fields.ibanHolder')} hint={t('hints.ibanHolder')} error={errorText('ibanHolder')}>
          <Input autoComplete="off" {...text('ibanHolder')} />
        </Field>
        {isIndividual ? null : (
          <fieldset className="sm:col-span-2" aria-describedby={`${statesId}-hint`}>
            <legend className="text-sm font-medium">{t('fields.permanentEstablishments')}</legend>
            <p id={`${statesId}-hint`} className="text-sm text-muted">
              {t('hints.permanentEstablishments')}
            </p>
            <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
              {EU_MEMBER_STATES.map((state) => (
                <label key={state} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={establishments.includes(state)}
                    onChange={(event) => {
                      const checked = event.target.checked;
                      setEstablishments((current) => (checked ? [...current, state] : current.filter((s) => s !== state)));
                      setErrors(({ permanentEstablishments: _cleared, ...rest }) => rest);
                    }}
                  />
                  {countryNames.of(state) ?? state}
                </label>
              ))}
            </div>
            {errorText('permanentEstablishments') ? (
              <p role="alert" className="mt-1 text-sm font-medium text-danger-700">
                {errorText('permanentEstablishments')}
              </p>
            ) : null}
          </fieldset>
        )}
        <p className="text-sm text-muted sm:col-span-2">{t('elsewhere')}</p>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner decorative className="text-white" /> : null}
            {update.isPending ? t('saving') : t('save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
