import type { ChangeEvent, ComponentProps } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useText } from '@web/lib/text';
import type { BusinessInfo, BusinessInfoInput } from '@shared/contracts/business-onboarding';
import { businessCategories } from '@shared/domain/business';
import { valenciaDistricts } from '@shared/domain/valencia-districts';
import { ImagePicker } from '@web/components/image-picker';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/cn';

export type BusinessInfoForm = UseFormReturn<BusinessInfoInput, unknown, BusinessInfo>;
type TextField = 'businessName' | 'address' | 'taxId' | 'phone' | 'website' | 'description' | 'legalName' | 'fiscalAddress' | 'whatsapp' | 'bookingUrl' | 'openingHours';

/** Step 1: what the business is. Errors appear on leaving a field and clear as it is edited. */
interface BusinessInfoStepProps {
  form: BusinessInfoForm;
  onSubmit: () => void;
  /** Local preview of the photo picked so far; the wizard uploads it after the registration. */
  photoUrl: string | null;
  onPhotoChange: (photo: File | null) => void;
}

export function BusinessInfoStep({ form, onSubmit, photoUrl, onPhotoChange }: BusinessInfoStepProps) {
  const { t } = useText('business');
  // Category names are the shared ones (i18next found them through its fallback namespace).
  const { t: common } = useText('common');
  const { t: districts } = useText('districts');
  const {
    register,
    control,
    clearErrors,
    trigger,
    getFieldState,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  // The fiscal address starts as the business address and follows it while the two are the
  // same; once the owner writes a different one it stays theirs.
  const addressField = register('address');
  const onAddressChange = (event: ChangeEvent<HTMLInputElement>) => {
    const previous = getValues('address') ?? '';
    const next = event.target.value;
    void addressField.onChange(event);
    clearErrors('address');
    if ((getValues('fiscalAddress') ?? '') === previous) {
      setValue('fiscalAddress', next, { shouldValidate: getFieldState('fiscalAddress').isTouched });
      if (next.trim() !== '') clearErrors('fiscalAddress');
    }
  };

  const text = (name: TextField) => register(name, { onChange: () => clearErrors(name) });
  const errorText = (code?: string) =>
    code ? t(`signup.errors.${code}`, { defaultValue: t('signup.errors.invalid') }) : undefined;
  const optional = (label: string) => (
    <>
      {label} <span className="font-normal text-muted">{t('common.optional')}</span>
    </>
  );

  const optionalInput = (name: 'phone' | 'website' | 'whatsapp' | 'bookingUrl', control: ComponentProps<typeof Input>, hint?: string) => (
    <Field label={optional(t(`signup.fields.${name}`))} hint={hint} error={errorText(errors[name]?.message)}>
      <Input id={`signup-${name}`} placeholder={t(`signup.fields.${name}Placeholder`)} {...control} {...text(name)} />
    </Field>
  );

  const businessType = register('businessType', {
    // A NIE is valid for an individual only, so the tax id's verdict depends on the type.
    onChange: () => {
      if (getFieldState('taxId').isTouched || getFieldState('taxId').error) void trigger('taxId');
    },
  });

  return (
    <form
      id="business-info"
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Field label={t('signup.fields.businessName')} required error={errorText(errors.businessName?.message)}>
        <Input id="signup-business-name" autoComplete="organization" {...text('businessName')} />
      </Field>

      <Controller
        control={control}
        name="category"
        render={({ field }) => (
          <Select
            value={field.value ?? ''}
            onValueChange={(value) => {
              field.onChange(value);
              clearErrors('category');
            }}
          >
            <Field label={t('signup.fields.category')} required error={errorText(errors.category?.message)}>
              <SelectTrigger id="signup-category" ref={field.ref} placeholder={t('signup.fields.categoryPlaceholder')} />
            </Field>
            <SelectContent>
              {businessCategories.map((category) => (
                <SelectItem key={category} value={category}>
                  {common(`categories.${category}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />

      <Field label={t('signup.fields.address')} required error={errorText(errors.address?.message)}>
        <Input id="signup-address" autoComplete="address-line1" placeholder={t('signup.fields.addressPlaceholder')} {...addressField} onChange={onAddressChange} />
      </Field>

      <Controller
        control={control}
        name="district"
        render={({ field }) => (
          <Select
            value={field.value ?? ''}
            onValueChange={(value) => {
              field.onChange(value);
              clearErrors('district');
            }}
          >
            <Field label={t('signup.fields.district')} required hint={t('signup.fields.districtHint')} error={errorText(errors.district?.message)}>
              <SelectTrigger id="signup-district" ref={field.ref} placeholder={t('signup.fields.districtPlaceholder')} />
            </Field>
            <SelectContent>
              {valenciaDistricts.map((district) => (
                <SelectItem key={district} value={district}>
                  {districts(district)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-semibold">
          {t('signup.fields.businessType')}
          <span aria-hidden="true" className="ml-0.5 text-brand-700">
            *
          </span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(['company', 'individual'] as const).map((type) => (
            <label
              key={type}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line bg-white px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sea-600',
              )}
            >
              <input type="radio" value={type} className="size-4 accent-brand-600" {...businessType} />
              <span>{t(`signup.fields.${type}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <Field
        label={t('signup.fields.taxId')}
        required
        hint={t('signup.fields.taxIdHint')}
        error={errorText(errors.taxId?.message)}
      >
        <Input
          id="signup-tax-id"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('signup.fields.taxIdPlaceholder')}
          {...text('taxId')}
        />
      </Field>

      {/* What Regalo's monthly commission invoices name (ADR 061): asked now, so none is held back. */}
      <fieldset className="flex flex-col gap-4 rounded-2xl border border-line p-4" aria-describedby="signup-invoicing-lead">
        <legend className="px-1 font-semibold">{t('signup.fields.invoicingTitle')}</legend>
        <p id="signup-invoicing-lead" className="-mt-2 text-sm text-muted">
          {t('signup.fields.invoicingLead')}
        </p>
        <Field label={t('signup.fields.legalName')} required hint={t('signup.fields.legalNameHint')} error={errorText(errors.legalName?.message)}>
          <Input id="signup-legal-name" autoComplete="organization" {...text('legalName')} />
        </Field>
        <Field label={t('signup.fields.fiscalAddress')} required hint={t('signup.fields.fiscalAddressHint')} error={errorText(errors.fiscalAddress?.message)}>
          <Input id="signup-fiscal-address" autoComplete="address-line1" {...text('fiscalAddress')} />
        </Field>
      </fieldset>

      {/* How recipients book (ADR 105): the gift page shows these from the business's first gift on. */}
      <fieldset className="flex flex-col gap-4 rounded-2xl border border-line p-4" aria-describedby="signup-booking-lead">
        <legend className="px-1 font-semibold">{t('signup.fields.bookingTitle')}</legend>
        <p id="signup-booking-lead" className="-mt-2 text-sm text-muted">
          {t('signup.fields.bookingLead')}
        </p>
        {optionalInput('phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' }, t('signup.fields.phoneHint'))}
        {optionalInput('whatsapp', { type: 'tel', inputMode: 'tel', autoComplete: 'off' }, t('signup.fields.whatsappHint'))}
        {optionalInput('bookingUrl', { type: 'url', inputMode: 'url', autoComplete: 'off' }, t('signup.fields.bookingUrlHint'))}
        <Field label={optional(t('signup.fields.openingHours'))} hint={t('signup.fields.openingHoursHint')} error={errorText(errors.openingHours?.message)}>
          <Textarea id="signup-openingHours" rows={3} placeholder={t('signup.fields.openingHoursPlaceholder')} {...text('openingHours')} />
        </Field>
      </fieldset>

      {optionalInput('website', { type: 'url', inputMode: 'url', autoComplete: 'url' })}
      <Field label={optional(t('signup.fields.description'))} error={errorText(errors.description?.message)}>
        <Textarea id="signup-description" rows={4} placeholder={t('signup.fields.descriptionPlaceholder')} {...text('description')} />
      </Field>

      <ImagePicker
        label={optional(t('signup.photo.label'))}
        hint={t('signup.photo.hint')}
        texts={{
          dropHint: t('signup.photo.dropHint'),
          chooseHint: t('signup.photo.chooseHint'),
          choose: t('signup.photo.choose'),
          change: t('signup.photo.change'),
          remove: t('signup.photo.remove'),
          rules: t('signup.photo.rules'),
          previewAlt: t('signup.photo.previewAlt'),
          uploading: t('signup.photo.uploading'),
          errorTitle: t('common.errorTitle'),
          imageUploadError: t('imageUploadError'),
          imageTooLarge: t('imageTooLarge'),
        }}
        previewUrl={photoUrl}
        onFile={onPhotoChange}
        onRemove={() => onPhotoChange(null)}
      />
    </form>
  );
}
