import { useForm, type Resolver } from 'react-hook-form';
import type { DashboardBusiness, InvoicingDetails, InvoicingDetailsInput } from '@shared/contracts/business-dashboard';
import { missingInvoicingDetails } from '@shared/domain/invoices';
import { valenciaDistricts } from '@shared/domain/valencia-districts';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input, controlClasses } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { reportApiError } from '@web/components/signed-in-area';
import { apiFieldErrors } from '@web/lib/api-error';
import { cn } from '@web/lib/cn';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { useText } from '@web/lib/text';
import { useUpdateInvoicingDetails } from './api';
import { setServerErrors } from './form-errors';

type Values = { legalName: string; fiscalAddress: string; district: string };

// zod and the contract load on the form's first focus (ADR 039); the server checks the same.
const detailsForm = lazyZodResolver(() => import('@shared/contracts/business-dashboard').then((m) => m.invoicingDetailsSchema));

/**
 * A business registered before the wizard asked for its legal name, fiscal address and
 * district cannot be invoiced (ADR 061: the admin sees it on the "cannot invoice" list) and is
 * missing from the catalogue's district filter. Shown above the tabs until they are given;
 * the fiscal address starts as the business address.
 */
export function InvoicingDetailsCard({ business }: { business: DashboardBusiness }) {
  const { t } = useText('dashboard');
  const { t: districts } = useText('districts');
  const update = useUpdateInvoicingDetails();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Values, unknown, InvoicingDetails>({
    resolver: detailsForm.resolver as unknown as Resolver<Values, unknown, InvoicingDetails>,
    defaultValues: {
      legalName: business.legalName ?? '',
      fiscalAddress: business.fiscalAddress ?? business.address,
      district: business.district ?? '',
    },
    reValidateMode: 'onSubmit',
  });
  const missing = missingInvoicingDetails(business);
  if (missing.length === 0) return null;

  const errorText = (key: keyof Values) => {
    const code = errors[key]?.message;
    return code ? t(`fieldErrors.${code}`, { defaultValue: t('fieldErrors.invalid') }) : undefined;
  };
  const field = (key: keyof Values) => register(key, { onChange: () => clearErrors(key) });
  const submit = handleSubmit((values: InvoicingDetailsInput) =>
    update.mutate(values, {
      onSuccess: () => toast.success(t('invoicingDetails.saved')),
      onError: (error) => {
        const fields = apiFieldErrors(error);
        if (Object.keys(fields).length > 0) setServerErrors(setError, fields);
        else reportApiError({ texts: 'dashboard' }, error);
      },
    }),
  );
  const names = missing.map((key) => t(`invoicingDetails.missing.${key}`)).join(', ');

  return (
    <Card data-testid="invoicing-details" role="region" aria-labelledby="invoicing-details-title" className="border-amber-300 bg-amber-50">
      <CardHeader>
        <CardTitle as="h2" id="invoicing-details-title">
          {t('invoicingDetails.title')}
        </CardTitle>
        <CardDescription className="text-amber-950">{t('invoicingDetails.lead', { fields: names })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onFocus={detailsForm.preload} onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2" aria-labelledby="invoicing-details-title">
          <Field label={t('profile.fields.legalName')} required hint={t('profile.fields.legalNameHint')} error={errorText('legalName')} className="sm:col-span-2">
            <Input id="invoicing-legal-name" autoComplete="organization" {...field('legalName')} />
          </Field>
          <Field label={t('profile.fields.fiscalAddress')} required hint={t('invoicingDetails.fiscalAddressHint')} error={errorText('fiscalAddress')}>
            <Input id="invoicing-fiscal-address" autoComplete="address-line1" {...field('fiscalAddress')} />
          </Field>
          <Field label={t('invoicingDetails.district')} required hint={t('profile.fields.districtHint')} error={errorText('district')}>
            <select id="invoicing-district" className={cn(controlClasses, 'min-h-11 cursor-pointer py-2')} {...field('district')}>
              <option value="">{t('invoicingDetails.districtPlaceholder')}</option>
              {valenciaDistricts.map((district) => (
                <option key={district} value={district}>
                  {districts(district)}
                </option>
              ))}
            </select>
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
              {update.isPending ? <Spinner decorative className="text-white" /> : null}
              {update.isPending ? t('profile.saving') : t('invoicingDetails.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
