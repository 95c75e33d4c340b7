import { useForm, useWatch } from 'react-hook-form';
import { useText } from '@web/lib/text';
import type { Contact, ContactInput, ContactValues } from '@shared/contracts/contacts';
import { CONTACT_LIMITS, canSubmitContactName } from '@shared/domain/contact';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { apiFieldErrors } from '@web/lib/api-error';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';

type Values = Required<{ [K in keyof ContactInput]: string }>;

const blank: Values = { name: '', phone: '', email: '', relationship: '', notes: '' };

export function toFormValues(contact: Contact | null): Values {
  if (!contact) return blank;
  return {
    name: contact.name,
    phone: contact.phone ?? '',
    email: contact.email ?? '',
    relationship: contact.relationship ?? '',
    notes: contact.notes ?? '',
  };
}

interface ContactFormProps {
  initial: Contact | null;
  submitLabel: string;
  isPending: boolean;
  /** Resolves when saved (the form then resets); rejects with the API error. */
  onSubmit: (input: ContactInput) => Promise<unknown>;
  onCancel?: () => void;
  idPrefix: string;
}

// The contract the server checks with, loaded on the form's first focus (ADR 039).
const contactForm = lazyZodResolver(() => import('@shared/contracts/contacts').then((m) => m.contactInputSchema));

/**
 * The same checks run here and on the server (contactInputSchema); server field codes
 * are shown too, so a rule only the server knows still lands on the right field. An error
 * shows after "Add"/"Save" and goes as its field is edited.
 */
export function ContactForm({ initial, submitLabel, isPending, onSubmit, onCancel, idPrefix }: ContactFormProps) {
  const { t } = useText('app');
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    setError,
    reset,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactValues>({
    resolver: contactForm.resolver,
    reValidateMode: 'onSubmit',
    defaultValues: toFormValues(initial),
  });
  const name = useWatch({ control, name: 'name' });

  const field = (key: keyof Values) => register(key, { onChange: () => clearErrors(key) });
  const errorText = (key: keyof Values) => {
    const code = errors[key]?.message;
    return code ? t(`contacts.fieldErrors.${code}`, { defaultValue: t('contacts.fieldErrors.invalid') }) : undefined;
  };

  const optional = (label: string) => (
    <>
      {label} <span className="font-normal text-muted">({t('contacts.optional')})</span>
    </>
  );

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (!initial) reset(blank);
    } catch (error) {
      for (const [key, code] of Object.entries(apiFieldErrors(error))) {
        if (key in blank) setError(key as keyof Values, { message: code });
      }
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} onFocus={contactForm.preload} noValidate className="flex flex-col gap-3">
      <Field label={t('contacts.name')} required error={errorText('name')}>
        <Input id={`${idPrefix}-name`} maxLength={CONTACT_LIMITS.name} autoComplete="off" {...field('name')} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={optional(t('contacts.phone'))} error={errorText('phone')}>
          <Input id={`${idPrefix}-phone`} type="tel" maxLength={CONTACT_LIMITS.phone} autoComplete="off" {...field('phone')} />
        </Field>
        <Field label={optional(t('contacts.email'))} error={errorText('email')}>
          <Input id={`${idPrefix}-email`} type="email" maxLength={CONTACT_LIMITS.email} autoComplete="off" {...field('email')} />
        </Field>
      </div>
      <Field label={optional(t('contacts.relationship'))} error={errorText('relationship')}>
        <Input
          id={`${idPrefix}-relationship`}
          placeholder={t('contacts.relationshipPlaceholder')}
          maxLength={CONTACT_LIMITS.relationship}
          autoComplete="off"
          {...field('relationship')}
        />
      </Field>
      <Field label={optional(t('contacts.notes'))} error={errorText('notes')}>
        <Textarea id={`${idPrefix}-notes`} rows={2} maxLength={CONTACT_LIMITS.notes} {...field('notes')} />
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={!canSubmitContactName(name) || isPending}>
          {isPending ? <Spinner decorative className="text-white" /> : null}
          {isPending ? t('common.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
