import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, type Resolver, type UseFormRegister } from 'react-hook-form';
import { useText } from '@web/lib/text';
import type { DashboardBusiness, DashboardGift, DashboardGiftList, GiftInput, GiftValues } from '@shared/contracts/business-dashboard';
import type { LocalizedTexts } from '@shared/domain/localized-text';
import { CARD_MAX_CENTS, CARD_MAX_SUGGESTED, CARD_MAX_VALIDITY_DAYS, CARD_MIN_CENTS, CARD_MIN_VALIDITY_DAYS, type GiftKind } from '@shared/domain/gift-card';
import { formatPrice } from '@shared/format';
import { HOME_LOCALE, type Locale } from '@shared/locale';
import { DEFAULT_VALIDITY_DAYS, MAX_VALIDITY_DAYS, MIN_VALIDITY_DAYS } from '@shared/domain/order-status';
import { BOOKING_LIMITS, isoWeekdays, MAX_PARTY_SIZE, weekdayName } from '@shared/domain/gift-conditions';
import { Checkbox } from '@web/components/ui/checkbox';
import { ImagePicker } from '@web/components/image-picker';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { createGift, dashboardKeys, removeGiftImage, updateGift, uploadGiftImage } from './api';
import { reportApiError } from '@web/components/signed-in-area';
import { apiFieldErrors } from '@web/lib/api-error';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { setServerErrors } from './form-errors';
import { priceToInput } from './gift-price';
import { useImagePickerTexts } from './image-picker-texts';
import { OtherLanguageTexts } from './other-language-texts';

interface GiftDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The gift being edited; null creates a new one. */
  gift: DashboardGift | null;
  /** What is created (a gift being edited keeps its own kind): a gift card has bounds, no price. */
  kind?: GiftKind;
  /** Where focus goes on close when the opener is gone (creating the first gift removes it). */
  fallbackFocus?: () => HTMLElement | null;
}

interface GiftFormValues {
  name: string;
  description: string;
  price: string;
  isAvailable: boolean;
  forTwo: boolean;
  validityDays: string;
  bookingRequired: boolean;
  partySize: string;
  /** Ticked days; none: any day. */
  validWeekdays: number[];
  conditions: string;
  /** The name and description in other languages (ADR 073); empty: the own text shows. */
  nameTranslations: LocalizedTexts;
  descriptionTranslations: LocalizedTexts;
  kind: GiftKind;
  /** A card's bounds and suggested amounts, as typed in euros (ADR 108). */
  minAmount: string;
  maxAmount: string;
  suggestedAmounts: string[];
}

const noSuggestions = Array.from({ length: CARD_MAX_SUGGESTED }, () => '');

const emptyValues: GiftFormValues = {
  name: '',
  description: '',
  price: '',
  isAvailable: true,
  forTwo: false,
  validityDays: String(DEFAULT_VALIDITY_DAYS),
  bookingRequired: false,
  partySize: '',
  validWeekdays: [],
  conditions: '',
  nameTranslations: {},
  descriptionTranslations: {},
  kind: 'fixed',
  minAmount: '',
  maxAmount: '',
  suggestedAmounts: noSuggestions,
};


function valuesOf(gift: DashboardGift | null, kind: GiftKind): GiftFormValues {
  if (!gift) return kind === 'card' ? { ...emptyValues, kind, validityDays: String(CARD_MIN_VALIDITY_DAYS) } : emptyValues;
  return {
    name: gift.name,
    description: gift.description ?? '',
    price: priceToInput(gift.price),
    isAvailable: gift.isAvailable,
    forTwo: gift.forTwo,
    validityDays: String(gift.validityDays),
    bookingRequired: gift.bookingRequired,
    partySize: gift.partySize === null ? '' : String(gift.partySize),
    validWeekdays: gift.validWeekdays ?? [],
    conditions: gift.conditions ?? '',
    nameTranslations: gift.nameTranslations,
    descriptionTranslations: gift.descriptionTranslations,
    kind: gift.kind,
    minAmount: gift.minAmount === null ? '' : priceToInput(gift.minAmount),
    maxAmount: gift.maxAmount === null ? '' : priceToInput(gift.maxAmount),
    suggestedAmounts: noSuggestions.map((empty, i) => {
      const cents = gift.suggestedAmounts?.[i];
      return cents === undefined ? empty : priceToInput(cents);
    }),
  };
}

// zod and the contract load on the form's first focus, not with the dashboard (ADR 039).
const giftForm = lazyZodResolver(() => import('@shared/contracts/business-dashboard').then((m) => m.giftInputSchema));

/**
 * Create and edit share this dialog; the image is sent after the gift exists. Mount it per
 * gift (a `key`) so every opening starts from that gift's values.
 */
export function GiftDialog({ open, onOpenChange, gift, kind: kindToCreate = 'fixed', fallbackFocus }: GiftDialogProps) {
  const kind = gift?.kind ?? kindToCreate;
  const { t, language } = useText('dashboard');
  const pickerTexts = useImagePickerTexts();
  const client = useQueryClient();
  const formId = useId();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    watch,
    setError,
    clearErrors,
    formState: { errors, isSubmitting: isSaving },
  } = useForm<GiftFormValues, unknown, GiftValues>({
    resolver: giftForm.resolver as unknown as Resolver<GiftFormValues, unknown, GiftValues>,
    defaultValues: valuesOf(gift, kind),
    // An error stays until its field is edited (spec §5), then waits for the next save.
    reValidateMode: 'onSubmit',
  });
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [isImageRemoved, setImageRemoved] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  // A local preview of the picked file; the object URL is released when it changes.
  const localPreview = useMemo(() => (imageFile ? URL.createObjectURL(imageFile) : null), [imageFile]);
  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  const previewUrl = localPreview ?? (isImageRemoved ? null : (gift?.imageUrl ?? null));

  const text = (key: 'name' | 'description' | 'price' | 'validityDays' | 'partySize' | 'conditions' | 'minAmount' | 'maxAmount') =>
    register(key, { onChange: () => clearErrors(key) });
  const ownLocale = client.getQueryData<DashboardBusiness | null>(dashboardKeys.business)?.ownLocale ?? HOME_LOCALE;
  const translationError = (field: string, locale: Locale) => {
    // The browser's check names the language; the server's, the whole map.
    const error = errors[field as 'nameTranslations'] as (Record<string, { message?: string } | undefined> & { message?: string }) | undefined;
    const code = error?.[locale]?.message ?? error?.message;
    return code ? t(`fieldErrors.${code}`, { defaultValue: t('fieldErrors.invalid') }) : undefined;
  };
  const errorText = (key: keyof GiftFormValues) => {
    const error = errors[key];
    // A suggested amount's own error sits on its box; the list's, on the list.
    const code = error?.message ?? (Array.isArray(error) ? error.find((item) => item?.message)?.message : undefined);
    return code ? t(`fieldErrors.${code}`, { defaultValue: t('fieldErrors.invalid') }) : undefined;
  };

  const storeGift = (saved: DashboardGift) =>
    client.setQueryData<DashboardGiftList>(dashboardKeys.gifts, (list) => {
      if (!list) return list;
      const exists = list.items.some((item) => item.id === saved.id);
      return { items: exists ? list.items.map((item) => (item.id === saved.id ? saved : item)) : [saved, ...list.items] };
    });

  const submit = handleSubmit(async () => {
    // The server parses what was typed itself (the price in euros, as text): send that, not
    // the parsed values (cents) the browser's check produced.
    const values = getValues();
    const input: GiftInput = { ...values, validityDays: Number(values.validityDays) };
    let saved: DashboardGift | null = null;
    try {
      saved = gift ? await updateGift(gift.id, input) : await createGift(input);
      storeGift(saved);
      if (!gift) void client.invalidateQueries({ queryKey: dashboardKeys.business });
      if (imageFile) {
        setProgress(0);
        const image = await uploadGiftImage(saved.id, imageFile, setProgress).promise;
        storeGift({ ...saved, ...image });
      } else if (gift && isImageRemoved && gift.imageUrl) {
        await removeGiftImage(saved.id);
        storeGift({ ...saved, imageUrl: null, thumbnailUrl: null });
      }
      toast.success(gift ? t('gifts.updated') : t('gifts.created'));
      onOpenChange(false);
    } catch (error) {
      reportApiError({ texts: 'dashboard' }, error);
      // The gift itself is saved when only its image failed: close, so a second click
      // cannot create it twice; the image can be added again with Edit.
      if (saved) onOpenChange(false);
      else setServerErrors(setError, apiFieldErrors(error));
    } finally {
      setProgress(null);
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSaving && onOpenChange(next)}>
      <DialogContent
        title={kind === 'card' ? (gift ? t('gifts.editCardTitle') : t('gifts.createCardTitle')) : gift ? t('gifts.editTitle') : t('gifts.createTitle')}
        description={kind === 'card' ? t('gifts.cardLead') : t('gifts.dialogLead')}
        closeLabel={t('common.close')}
        fallbackFocus={fallbackFocus}
      >
        <form id={formId} noValidate onFocus={giftForm.preload} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <ImagePicker
            texts={pickerTexts}
            label={t('gifts.fields.image')}
            previewUrl={previewUrl}
            progress={progress}
            isBusy={isSaving}
            onFile={(file) => {
              setImageFile(file);
              setImageRemoved(false);
            }}
            onRemove={() => {
              setImageFile(null);
              setImageRemoved(true);
            }}
          />
          <Field label={t('gifts.fields.name')} required error={errorText('name')}>
            <Input {...text('name')} />
          </Field>
          <Field label={t('gifts.fields.description')} error={errorText('description')}>
            <Textarea rows={3} {...text('description')} />
          </Field>
          <OtherLanguageTexts
            ownLocale={ownLocale}
            fields={[
              { name: 'nameTranslations', label: t('gifts.fields.name') },
              { name: 'descriptionTranslations', label: t('gifts.fields.description'), rows: 3 },
            ]}
            register={(path) => register(path as 'nameTranslations.en', { onChange: () => clearErrors(path.split('.')[0] as 'nameTranslations') })}
            errorOf={translationError}
            hasText={(locale) => Boolean(watch(`nameTranslations.${locale}`)?.trim() || watch(`descriptionTranslations.${locale}`)?.trim())}
          />
          {kind === 'card' ? (
            <CardAmountFields
              register={(name) => register(name, { onChange: () => clearErrors(name.split('.')[0] as 'suggestedAmounts') })}
              errorText={errorText}
            />
          ) : (
            <Field label={t('gifts.fields.price')} required hint={t('gifts.fields.priceHint')} error={errorText('price')}>
              <Input
                inputMode="decimal"
                autoComplete="off"
                placeholder="0,00"
                {...text('price')}
              />
            </Field>
          )}
          <Field
            label={t('gifts.fields.validityDays')}
            hint={
              kind === 'card'
                ? t('gifts.fields.cardValidityHint', { min: CARD_MIN_VALIDITY_DAYS, max: CARD_MAX_VALIDITY_DAYS })
                : t('gifts.fields.validityHint', { min: MIN_VALIDITY_DAYS, max: MAX_VALIDITY_DAYS })
            }
            error={errorText('validityDays')}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={kind === 'card' ? CARD_MIN_VALIDITY_DAYS : MIN_VALIDITY_DAYS}
              max={kind === 'card' ? CARD_MAX_VALIDITY_DAYS : MAX_VALIDITY_DAYS}
              step={1}
              {...text('validityDays')}
            />
          </Field>
          {/* What the recipient must know to use it, shown wherever the gift is. */}
          <fieldset className="flex flex-col gap-4 rounded-xl border border-line p-3">
            <legend className="px-1 font-semibold">{t('gifts.conditions.title')}</legend>
            <div className="flex items-center justify-between gap-4">
              <Label htmlFor={`${formId}-booking`}>{t('gifts.conditions.bookingRequired')}</Label>
              <Controller
                control={control}
                name="bookingRequired"
                render={({ field }) => <Switch id={`${formId}-booking`} checked={field.value} onCheckedChange={field.onChange} />}
              />
            </div>
            <Field label={t('gifts.conditions.partySize')} hint={t('gifts.conditions.partySizeHint', { max: MAX_PARTY_SIZE })} error={errorText('partySize')}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_PARTY_SIZE}
                step={1}
                {...text('partySize')}
              />
            </Field>
            <fieldset aria-describedby={`${formId}-days-hint`}>
              <legend className="text-sm font-semibold">{t('gifts.conditions.days')}</legend>
              <p id={`${formId}-days-hint`} className="text-sm text-muted">
                {t('gifts.conditions.daysHint')}
              </p>
              <Controller
                control={control}
                name="validWeekdays"
                render={({ field }) => (
                  <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                    {isoWeekdays.map((day) => (
                      <li key={day} className="flex items-center gap-2">
                        <Checkbox
                          id={`${formId}-day-${day}`}
                          checked={field.value.includes(day)}
                          onCheckedChange={(checked) => {
                            clearErrors('validWeekdays');
                            field.onChange(
                              checked === true
                                ? [...field.value, day].sort((a, b) => a - b)
                                : field.value.filter((other) => other !== day),
                            );
                          }}
                        />
                        <Label htmlFor={`${formId}-day-${day}`} className="font-normal">
                          {weekdayName(day, language)}
                        </Label>
                      </li>
                    ))}
                  </ul>
                )}
              />
              {errors.validWeekdays ? <p className="mt-1 text-sm text-danger-700">{errorText('validWeekdays')}</p> : null}
            </fieldset>
            <Field label={t('gifts.conditions.other')} hint={t('gifts.conditions.otherHint')} error={errorText('conditions')}>
              <Input maxLength={BOOKING_LIMITS.conditions} {...text('conditions')} />
            </Field>
          </fieldset>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={`${formId}-available`}>{t('gifts.fields.available')}</Label>
            <Controller
              control={control}
              name="isAvailable"
              render={({ field }) => <Switch id={`${formId}-available`} checked={field.value} onCheckedChange={field.onChange} />}
            />
          </div>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={`${formId}-for-two`}>{t('gifts.fields.forTwo')}</Label>
            <Controller
              control={control}
              name="forTwo"
              render={({ field }) => <Switch id={`${formId}-for-two`} checked={field.value} onCheckedChange={field.onChange} />}
            />
          </div>
        </form>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={isSaving}>
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={isSaving}>
            {isSaving ? <Spinner decorative className="text-white" /> : null}
            {isSaving ? t('common.saving') : gift ? t('gifts.save') : kind === 'card' ? t('gifts.createCard') : t('gifts.create')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A gift card's minimum, maximum and suggested amounts (ADR 108), typed in euros like a price. */
function CardAmountFields({
  register,
  errorText,
}: {
  register: (name: 'minAmount' | 'maxAmount' | `suggestedAmounts.${number}`) => ReturnType<UseFormRegister<GiftFormValues>>;
  errorText: (key: keyof GiftFormValues) => string | undefined;
}) {
  const { t } = useText('dashboard');
  const hintId = useId();
  const bounds = { min: formatPrice(CARD_MIN_CENTS), max: formatPrice(CARD_MAX_CENTS) };
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('gifts.fields.minAmount')} required hint={t('gifts.fields.amountHint', bounds)} error={errorText('minAmount')}>
          <Input inputMode="decimal" autoComplete="off" placeholder="5,00" {...register('minAmount')} />
        </Field>
        <Field label={t('gifts.fields.maxAmount')} required hint={t('gifts.fields.amountHint', bounds)} error={errorText('maxAmount')}>
          <Input inputMode="decimal" autoComplete="off" placeholder="500,00" {...register('maxAmount')} />
        </Field>
      </div>
      <fieldset aria-describedby={hintId} className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">{t('gifts.fields.suggested')}</legend>
        <p id={hintId} className="text-sm text-muted">
          {t('gifts.fields.suggestedHint')}
        </p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {Array.from({ length: CARD_MAX_SUGGESTED }, (_, i) => (
            <Input
              key={i}
              inputMode="decimal"
              autoComplete="off"
              aria-label={t('gifts.fields.suggestedN', { n: i + 1 })}
              aria-invalid={errorText('suggestedAmounts') ? true : undefined}
              {...register(`suggestedAmounts.${i}`)}
            />
          ))}
        </div>
        {errorText('suggestedAmounts') ? <p className="text-sm text-danger-700">{errorText('suggestedAmounts')}</p> : null}
      </fieldset>
    </>
  );
}
