import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Gift, Package, XCircle } from 'lucide-react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useForm, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { useText } from '@web/lib/text';
import type { BusinessProfilePatch, BusinessProfilePatchInput, DashboardBusiness } from '@shared/contracts/business-dashboard';
import { businessCategories, businessTypes } from '@shared/domain/business';
import { normalizeTaxId } from '@shared/domain/tax-id';
import { valenciaDistricts } from '@shared/domain/valencia-districts';
import { ImagePicker } from '@web/components/image-picker';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input, controlClasses } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { ApiError } from '@web/lib/api-client';
import { uploadBusinessImage } from '@web/lib/business-image-api';
import { dashboardKeys, removeBusinessImage, useUpdateMailSettings, useUpdateProfile } from './api';
import { Switch } from '@web/components/ui/switch';
import { Label } from '@web/components/ui/label';
import { reportApiError } from '@web/components/signed-in-area';
import { apiFieldErrors } from '@web/lib/api-error';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { setServerErrors } from './form-errors';
import { useImagePickerTexts } from './image-picker-texts';
import { OtherLanguageTexts } from './other-language-texts';
import type { LocalizedTexts } from '@shared/domain/localized-text';
import { LOCALE_NAMES, LOCALES, type Locale } from '@shared/locale';
import { verificationBadge, verificationView } from './verification-status';
import { ShopToolsCard } from './shop-tools-card';

type TextKey = Exclude<keyof BusinessProfilePatchInput, 'confirmReview' | 'ownLocale' | 'descriptionTranslations' | 'openingHoursTranslations'>;
type ProfileValues = Required<{ [K in TextKey]: string }> & {
  /** The language of the business's own texts, and its description and opening hours in the others (ADR 073). */
  ownLocale: Locale;
  descriptionTranslations: LocalizedTexts;
  openingHoursTranslations: LocalizedTexts;
};

/** The fields that say who the business is: changing one after approval means a new review (ADR 034). */
const identityKeys = ['name', 'businessType', 'taxId', 'businessRegistrationNumber'] as const;

function valuesOf(business: DashboardBusiness): ProfileValues {
  return {
    name: business.name,
    category: business.category,
    description: business.description ?? '',
    address: business.address,
    phone: business.phone ?? '',
    email: business.email ?? '',
    website: business.website ?? '',
    whatsapp: business.whatsapp ?? '',
    bookingUrl: business.bookingUrl ?? '',
    openingHours: business.openingHours ?? '',
    businessType: business.businessType,
    taxId: business.taxId,
    businessRegistrationNumber: business.businessRegistrationNumber ?? '',
    district: business.district ?? '',
    latitude: business.latitude === null ? '' : String(business.latitude),
    longitude: business.longitude === null ? '' : String(business.longitude),
    legalName: business.legalName ?? '',
    fiscalAddress: business.fiscalAddress ?? '',
    ownLocale: business.ownLocale,
    descriptionTranslations: business.descriptionTranslations,
    openingHoursTranslations: business.openingHoursTranslations,
  };
}

export function ProfileTab({ business }: { business: DashboardBusiness }) {
  return (
    <div className="flex flex-col gap-4">
      <InvoicingTask business={business} />
      <StatusCard business={business} />
      {/* Its texts are a catalogue of their own, loaded with the profile tab only. */}
      <Suspense fallback={null}>
        <ShopToolsCard business={business} />
      </Suspense>
      <ProfileImage business={business} />
      <ProfileForm business={business} />
      <SellerDetailsSection business={business} />
      <MailSettingsCard business={business} />
    </div>
  );
}

/** Regalo refuses to invoice with blanks (ADR 061): the owner is asked for what is missing. */
function InvoicingTask({ business }: { business: DashboardBusiness }) {
  const { t } = useText('dashboard');
  if (business.invoicingDataMissing.length === 0) return null;
  const fields = business.invoicingDataMissing.map((field) => t(`profile.invoicingTask.fields.${field}`)).join(', ');
  return (
    <section role="status" aria-labelledby="invoicing-task-title" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="invoicing-task">
      <h2 id="invoicing-task-title" className="font-semibold">
        {t('profile.invoicingTask.title')}
      </h2>
      <p className="mt-1 text-sm">{t('profile.invoicingTask.body', { fields })}</p>
      <a href="#profile-legal-name" className="mt-2 inline-block text-sm font-semibold underline">
        {t('profile.invoicingTask.action')}
      </a>
    </section>
  );
}

function StatusCard({ business }: { business: DashboardBusiness }) {
  const { t } = useText('dashboard');
  const view = verificationView(business.verificationStatus);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('profile.statusTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Stat label={t('profile.verification')}>
            <Badge variant={verificationBadge(view)}>{t(`status.${view}`)}</Badge>
          </Stat>
          <Stat label={t('profile.account')}>
            <Badge variant={business.isActive ? 'success' : 'neutral'}>
              {business.isActive ? <CheckCircle2 aria-hidden="true" /> : <XCircle aria-hidden="true" />}
              {business.isActive ? t('profile.active') : t('profile.inactive')}
            </Badge>
          </Stat>
          <Stat label={t('profile.totalGifts')}>
            <span className="inline-flex items-center gap-1.5 text-2xl font-bold" data-testid="total-gifts">
              <Gift aria-hidden="true" className="size-5 text-brand-600" />
              {business.totals.gifts}
            </span>
          </Stat>
          <Stat label={t('profile.totalOrders')}>
            <span className="inline-flex items-center gap-1.5 text-2xl font-bold" data-testid="total-orders">
              <Package aria-hidden="true" className="size-5 text-brand-600" />
              {business.totals.orders}
            </span>
          </Stat>
        </dl>
      </CardContent>
    </Card>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The image changes at once (its own endpoint), independently of the form's save button. */
function ProfileImage({ business }: { business: DashboardBusiness }) {
  const { t } = useText('dashboard');
  const pickerTexts = useImagePickerTexts();
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const setImage = (imageUrl: string | null, thumbnailUrl: string | null) =>
    client.setQueryData<DashboardBusiness | null>(dashboardKeys.business, (current) =>
      current ? { ...current, imageUrl, thumbnailUrl } : current,
    );

  const upload = async (file: File) => {
    setProgress(0);
    try {
      const image = await uploadBusinessImage(file, setProgress).promise;
      setImage(image.imageUrl, image.thumbnailUrl);
      toast.success(t('image.uploaded'));
    } catch (error) {
      reportApiError({ texts: 'dashboard' }, error);
    } finally {
      setProgress(null);
    }
  };

  const remove = useMutation({
    mutationFn: removeBusinessImage,
    onSuccess: () => {
      setImage(null, null);
      toast.success(t('image.removed'));
    },
  });

  return (
    <Card>
      <CardContent className="pt-5 sm:pt-6">
        <ImagePicker
          texts={pickerTexts}
          label={t('profile.image')}
          previewUrl={business.imageUrl}
          progress={progress}
          isBusy={progress !== null || remove.isPending}
          onFile={(file) => void upload(file)}
          onRemove={() => remove.mutate()}
        />
      </CardContent>
    </Card>
  );
}

// zod and the contract load on the form's first focus, not with the dashboard (ADR 039).
const profileForm = lazyZodResolver(() => import('@shared/contracts/business-dashboard').then((m) => m.businessProfilePatchSchema));

function ProfileForm({ business }: { business: DashboardBusiness }) {
  const { t } = useText('dashboard');
  // Category names are the shared ones (i18next found them through its fallback namespace).
  const { t: common } = useText('common');
  const {
    register,
    handleSubmit,
    getValues,
    watch,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<ProfileValues, unknown, BusinessProfilePatch>({
    resolver: profileForm.resolver as unknown as Resolver<ProfileValues, unknown, BusinessProfilePatch>,
    defaultValues: valuesOf(business),
    // An error stays until its field is edited (spec §5), then waits for the next save.
    reValidateMode: 'onSubmit',
  });
  const [askReview, setAskReview] = useState(false);
  const update = useUpdateProfile();

  // Errors clear when the field is edited (spec §5); the tax id depends on the type too.
  const clearOnEdit = (key: keyof ProfileValues) => clearErrors(key === 'businessType' ? ['businessType', 'taxId'] : key);
  const translationError = (field: string, locale: Locale) => {
    // The browser's check names the language; the server's, the whole map.
    const error = errors[field as 'descriptionTranslations' | 'openingHoursTranslations'] as (Record<string, { message?: string } | undefined> & { message?: string }) | undefined;
    const code = error?.[locale]?.message ?? error?.message;
    return code ? t(`fieldErrors.${code}`, { defaultValue: t('fieldErrors.invalid') }) : undefined;
  };
  const errorText = (key: TextKey | 'ownLocale') => {
    const code = errors[key]?.message;
    return code ? t(`fieldErrors.${code}`, { defaultValue: t('fieldErrors.invalid') }) : undefined;
  };

  const submit = handleSubmit(() => {
    const values = getValues();
    // Who the business is changes: it goes back to review and off the catalogue. Ask first.
    const stored = valuesOf(business);
    // Compared as the server compares them (a tax id however it is spaced or cased).
    const comparable = (key: (typeof identityKeys)[number], value: string) => (key === 'taxId' ? normalizeTaxId(value.trim()) : value.trim());
    const identityChanged = identityKeys.some((key) => comparable(key, values[key]) !== comparable(key, stored[key]));
    if (business.verificationStatus === 'approved' && identityChanged) {
      setAskReview(true);
      return;
    }
    save(false);
  });

  const save = (confirmReview: boolean) => {
    // What was typed goes to the server, which checks and normalises it itself.
    update.mutate({ ...getValues(), ...(confirmReview ? { confirmReview: true } : {}) } as BusinessProfilePatchInput, {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        toast.success(t(confirmReview ? 'reReview.saved' : 'profile.saved'));
      },
      onError: (error) => {
        // The server saw an identity change the form did not (another tab saved first): ask.
        if (error instanceof ApiError && error.code === 'review_confirmation_required') {
          setAskReview(true);
          return;
        }
        setServerErrors(setError, apiFieldErrors(error));
      },
    });
  };

  const text = (key: TextKey | 'ownLocale') => register(key, { onChange: () => clearOnEdit(key) });
  // The selects are controlled (their value drawn from the form), so the placeholder's colour follows.
  const select = (key: 'category' | 'district' | 'businessType' | 'ownLocale') => ({ ...text(key), value: watch(key) });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('profile.formTitle')}</CardTitle>
        {/* ADR 034: identity changes after approval go back to review; say so before saving. */}
        {business.verificationStatus === 'approved' ? (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="identity-review-note">
            {t('reReview.note')}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        <form noValidate onFocus={profileForm.preload} onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2" aria-label={t('profile.formTitle')}>
          <Field label={t('profile.fields.name')} required error={errorText('name')}>
            <Input autoComplete="organization" {...text('name')} />
          </Field>
          <Field label={t('profile.fields.category')} required error={errorText('category')}>
            <SelectWrapper placeholder={t('profile.fields.categoryPlaceholder')} {...select('category')}>
              {businessCategories.map((category) => (
                <option key={category} value={category}>
                  {common(`categories.${category}`)}
                </option>
              ))}
            </SelectWrapper>
          </Field>
          <Field label={t('profile.fields.description')} error={errorText('description')} className="sm:col-span-2">
            <Textarea rows={4} {...text('description')} />
          </Field>
          <Field label={t('translations.ownLocale')} hint={t('translations.ownLocaleHint')} error={errorText('ownLocale')} className="sm:col-span-2">
            <SelectWrapper {...select('ownLocale')}>
              {LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {LOCALE_NAMES[locale]}
                </option>
              ))}
            </SelectWrapper>
          </Field>
          <div className="sm:col-span-2">
            <OtherLanguageTexts
              ownLocale={watch('ownLocale')}
              fields={[{ name: 'descriptionTranslations', label: t('profile.fields.description'), rows: 4 }]}
              register={(path) => register(path as 'descriptionTranslations.en', { onChange: () => clearErrors('descriptionTranslations') })}
              errorOf={translationError}
              hasText={(locale) => Boolean(watch(`descriptionTranslations.${locale}`)?.trim())}
            />
          </div>
          <Field label={t('profile.fields.address')} required error={errorText('address')} className="sm:col-span-2">
            <Input autoComplete="address-line1" {...text('address')} />
          </Field>
          <Field label={t('profile.fields.district')} hint={t('profile.fields.districtHint')} error={errorText('district')}>
            <SelectWrapper {...select('district')}>
              <option value="">{t('profile.fields.districtNone')}</option>
              <DistrictOptions />
            </SelectWrapper>
          </Field>
          <p className="text-sm text-slate-600 sm:col-span-2" id="profile-coordinates-hint">
            {t('profile.fields.coordinatesHint')}
          </p>
          <Field label={t('profile.fields.latitude')} error={errorText('latitude')}>
            <Input inputMode="decimal" autoComplete="off" placeholder="39.4699" aria-describedby="profile-coordinates-hint" {...text('latitude')} />
          </Field>
          <Field label={t('profile.fields.longitude')} error={errorText('longitude')}>
            <Input inputMode="decimal" autoComplete="off" placeholder="-0.3763" aria-describedby="profile-coordinates-hint" {...text('longitude')} />
          </Field>
          <Field label={t('profile.fields.phone')} error={errorText('phone')}>
            <Input type="tel" autoComplete="tel" placeholder="+34 XXX XXX XXX" {...text('phone')} />
          </Field>
          <Field label={t('profile.fields.email')} error={errorText('email')}>
            <Input type="email" autoComplete="email" {...text('email')} />
          </Field>
          <Field label={t('profile.fields.website')} error={errorText('website')}>
            <Input type="url" autoComplete="url" placeholder="https://" {...text('website')} />
          </Field>
          {/* What a recipient needs to use a gift: shown on the gift page, email and card. */}
          <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2" aria-describedby="booking-lead">
            <legend className="mb-1 font-display text-lg font-semibold">{t('profile.booking.title')}</legend>
            <p id="booking-lead" className="text-sm text-muted sm:col-span-2">
              {t('profile.booking.lead')}
            </p>
            <Field label={t('profile.fields.whatsapp')} hint={t('profile.booking.whatsappHint')} error={errorText('whatsapp')}>
              <Input type="tel" autoComplete="off" inputMode="tel" {...text('whatsapp')} />
            </Field>
            <Field label={t('profile.fields.bookingUrl')} hint={t('profile.booking.bookingUrlHint')} error={errorText('bookingUrl')}>
              <Input type="url" autoComplete="off" placeholder="https://" {...text('bookingUrl')} />
            </Field>
            <Field
              label={t('profile.fields.openingHours')}
              hint={t('profile.booking.openingHoursHint')}
              error={errorText('openingHours')}
              className="sm:col-span-2"
            >
              <Textarea rows={3} {...text('openingHours')} />
            </Field>
            {/* Hours are words too ("closed in August"): each reader sees them in their language when written (ADR 073). */}
            <div className="sm:col-span-2">
              <OtherLanguageTexts
                ownLocale={watch('ownLocale')}
                fields={[{ name: 'openingHoursTranslations', label: t('profile.fields.openingHours'), rows: 3 }]}
                register={(path) => register(path as 'openingHoursTranslations.en', { onChange: () => clearErrors('openingHoursTranslations') })}
                errorOf={translationError}
                hasText={(locale) => Boolean(watch(`openingHoursTranslations.${locale}`)?.trim())}
              />
            </div>
          </fieldset>
          <Field label={t('profile.fields.businessType')} required error={errorText('businessType')}>
            <SelectWrapper {...select('businessType')}>
              {businessTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`businessTypes.${type}`)}
                </option>
              ))}
            </SelectWrapper>
          </Field>
          <Field label={t('profile.fields.taxId')} required error={errorText('taxId')}>
            <Input placeholder="CIF/NIF" autoCapitalize="characters" {...text('taxId')} />
          </Field>
          <Field label={t('profile.fields.registrationNumber')} error={errorText('businessRegistrationNumber')}>
            <Input {...text('businessRegistrationNumber')} />
          </Field>
          <Field label={t('profile.fields.legalName')} hint={t('profile.fields.legalNameHint')} error={errorText('legalName')} className="sm:col-span-2">
            <Input id="profile-legal-name" autoComplete="organization" {...text('legalName')} />
          </Field>
          <Field label={t('profile.fields.fiscalAddress')} hint={t('profile.fields.fiscalAddressHint')} error={errorText('fiscalAddress')} className="sm:col-span-2">
            <Textarea rows={2} autoComplete="street-address" {...text('fiscalAddress')} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Spinner decorative className="text-white" /> : null}
              {update.isPending ? t('profile.saving') : t('profile.save')}
            </Button>
          </div>
        </form>
        <ConfirmDialog
          open={askReview}
          onOpenChange={setAskReview}
          tone="primary"
          title={t('reReview.confirmTitle')}
          description={t('reReview.confirmLead')}
          confirmLabel={t('reReview.confirm')}
          cancelLabel={t('reReview.cancel')}
          onConfirm={() => save(true)}
        />
      </CardContent>
    </Card>
  );
}

// The DAC7 form, its texts and country names load when the owner opens it (ADR 100): the
// profile tab is 2-3 KB under its budget (ADR 074).
const SellerDetailsCard = lazy(() => import('./seller-details-card').then((m) => ({ default: m.SellerDetailsCard })));

/** What DAC7 reports of the business (ADR 100): how many details are missing, the form on opening. */
function SellerDetailsSection({ business }: { business: DashboardBusiness }) {
  const { t } = useText('dashboard');
  const [isOpened, setOpened] = useState(false);
  const missing = business.dac7Missing.length;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <CardTitle as="h2">{t('profile.sellerDetails.title')}</CardTitle>
        <Badge variant={missing > 0 ? 'warning' : 'success'}>{missing > 0 ? t('profile.sellerDetails.missing', { count: missing }) : t('profile.sellerDetails.complete')}</Badge>
      </CardHeader>
      <CardContent>
        <details id="seller-details" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
          <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">{t('profile.sellerDetails.open')}</summary>
          {isOpened ? (
            <Suspense fallback={<Spinner decorative className="mt-3" />}>
              <SellerDetailsCard business={business} />
            </Suspense>
          ) : null}
        </details>
      </CardContent>
    </Card>
  );
}

/** A mail per sale or cancellation, or one summary a day (ADR 065); applies at once. */
function MailSettingsCard({ business }: { business: DashboardBusiness }) {
  const { t } = useText('dashboard');
  const update = useUpdateMailSettings();
  const switchId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('mailSettings.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={switchId}>{t('mailSettings.digest')}</Label>
          <Switch
            id={switchId}
            checked={business.orderMailDigest}
            disabled={update.isPending}
            aria-describedby={`${switchId}-hint`}
            onCheckedChange={(checked) =>
              update.mutate({ orderMailDigest: checked }, { onSuccess: () => toast.success(t(checked ? 'mailSettings.digestOn' : 'mailSettings.digestOff')), onError: (error) => reportApiError({ texts: 'dashboard' }, error) })
            }
          />
        </div>
        <p id={`${switchId}-hint`} className="text-sm text-muted">
          {t('mailSettings.hint')}
        </p>
      </CardContent>
    </Card>
  );
}

/** Valencia's districts, from their own catalogue (only this form needs it): never blanks the form while it loads. */
function DistrictOptions() {
  const { t } = useText('districts', { suspend: false });
  return (
    <>
      {valenciaDistricts.map((district) => (
        <option key={district} value={district}>
          {t(district, { defaultValue: '' })}
        </option>
      ))}
    </>
  );
}

/**
 * A native select (ADR 039: a simple single choice needs none of Radix Select's weight). It
 * takes the form's registration and Field's id and aria props on the real control; with a
 * placeholder and no value yet, an empty, unselectable first option shows the placeholder.
 */
function SelectWrapper({
  placeholder,
  children,
  ...controlProps
}: {
  value: string;
  placeholder?: string;
  children: ReactNode;
} & UseFormRegisterReturn & {
    id?: string;
    'aria-describedby'?: string;
    'aria-invalid'?: boolean | 'true' | 'false';
    'aria-required'?: boolean;
  }) {
  return (
    <select className={cn(controlClasses, 'min-h-11 cursor-pointer py-2', controlProps.value === '' && 'text-stone-500')} {...controlProps}>
      {placeholder ? (
        <option value="" disabled>
          {placeholder}
        </option>
      ) : null}
      {children}
    </select>
  );
}
