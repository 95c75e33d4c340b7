import { useState, type FormEvent } from 'react';
import { useText } from '@web/lib/text';
import type { Contact, ContactInput } from '@shared/contracts/contacts';
import { CONTACT_LIMITS, canSubmitContactName } from '@shared/domain/contact';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { apiFieldErrors } from '@web/lib/api-error';

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

/**
 * The same checks run here and on the server (contactInputSchema); server field codes
 * are shown too, so a rule only the server knows still lands on the right field.
 */
export function ContactForm({ initial, submitLabel, isPending, onSubmit, onCancel, idPrefix }: ContactFormProps) {
  const { t } = useText('app');
  const [values, setValues] = useState<Values>(() => toFormValues(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const errorText = (key: keyof Values) =>
    errors[key] ? t(`contacts.fieldErrors.${errors[key]}`, { defaultValue: t('contacts.fieldErrors.invalid') }) : undefined;

  const optional = (label: string) => (
    <>
      {label} <span className="font-normal text-muted">({t('contacts.optional')})</span>
    </>
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The contract (and zod) load on the first submit, not with the area (ADR 039).
    const { contactInputSchema } = await import('@shared/contracts/contacts');
    const parsed = contactInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await onSubmit(values);
      if (!initial) setValues(blank);
    } catch (error) {
      setErrors(apiFieldErrors(error));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
      <Field label={t('contacts.name')} required error={errorText('name')}>
        <Input id={`${idPrefix}-name`} value={values.name} onChange={set('name')} maxLength={CONTACT_LIMITS.name} autoComplete="off" />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={optional(t('contacts.phone'))} error={errorText('phone')}>
          <Input id={`${idPrefix}-phone`} type="tel" value={values.phone} onChange={set('phone')} maxLength={CONTACT_LIMITS.phone} autoComplete="off" />
        </Field>
        <Field label={optional(t('contacts.email'))} error={errorText('email')}>
          <Input id={`${idPrefix}-email`} type="email" value={values.email} onChange={set('email')} maxLength={CONTACT_LIMITS.email} autoComplete="off" />
        </Field>
      </div>
      <Field label={optional(t('contacts.relationship'))} error={errorText('relationship')}>
        <Input
          id={`${idPrefix}-relationship`}
          value={values.relationship}
          onChange={set('relationship')}
          placeholder={t('contacts.relationshipPlaceholder')}
          maxLength={CONTACT_LIMITS.relationship}
          autoComplete="off"
        />
      </Field>
      <Field label={optional(t('contacts.notes'))} error={errorText('notes')}>
        <Textarea id={`${idPrefix}-notes`} rows={2} value={values.notes} onChange={set('notes')} maxLength={CONTACT_LIMITS.notes} />
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={!canSubmitContactName(values.name) || isPending}>
          {isPending ? <Spinner decorative className="text-white" /> : null}
          {isPending ? t('common.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
