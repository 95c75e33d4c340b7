import { AlertTriangle, Copy, Trash2 } from 'lucide-react';
import { useText } from '@web/lib/text';
import { CHECKOUT_LIMITS, recipientLocales } from '@shared/contracts/checkout-limits';
import type { Contact } from '@shared/contracts/contacts';
import { HTML_LANG } from '@shared/locale';
import { DeliveryPicker } from '@web/components/delivery-picker';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input, controlClasses } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import type { CartLine } from '@web/lib/cart';
import { cn } from '@web/lib/cn';
import { languageNames } from '@web/lib/language';
import { cardAmountCents, type LineField } from './line-errors';
import { formatPrice } from '@shared/format';

/** A gift card's amounts in cents (ADR 108), as quoted. */
export interface CardBounds {
  minAmount: number;
  maxAmount: number;
  suggestedAmounts: number[];
}

/**
 * One recipient of one gift on the checkout. Its fields are the cart line's own (ADR 076):
 * every change goes to the cart through `onChange`, and the errors come from the page.
 */
export function CheckoutLineCard({
  line,
  index,
  count,
  errors,
  card = null,
  bookedOnline = false,
  contacts,
  canDuplicate,
  onChange,
  onDuplicate,
  onRemove,
}: {
  line: CartLine;
  index: number;
  count: number;
  errors: Partial<Record<LineField, string>>;
  /** A gift card's bounds: the giver types or picks its amount. Null for a fixed gift. */
  card?: CardBounds | null;
  /** The recipient books it from the gift page (ADR 105): the giver may ask to be told when. */
  bookedOnline?: boolean;
  contacts: Contact[];
  canDuplicate: boolean;
  onChange: (change: { recipient?: Partial<CartLine['recipient']>; delivery?: CartLine['delivery']; amount?: string; bookingNotice?: boolean }) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const { t } = useText('checkout');
  const fieldError = (field: LineField) => (errors[field] ? t(`errors.fields.${errors[field]}`, { defaultValue: t('errors.fields.invalid') }) : undefined);
  const id = (field: string) => `line-${index}-${field}`;
  const headingId = id('heading');
  const messageLength = line.recipient.message.length;
  const recipient = line.recipient;
  // Given in person (ADR 103): no contact, no delivery moment, the name optional.
  const inPerson = line.delivery.kind === 'in_person';
  const handoverOptions = [
    { value: 'send' as const, label: t('handover.send') },
    { value: 'in_person' as const, label: t('handover.inPerson') },
  ];

  const pickContact = (contactId: string) => {
    const contact = contacts.find((c) => c.id === contactId);
    onChange({
      recipient: contact
        ? { contactId: contact.id, name: contact.name, email: contact.email ?? '', phone: contact.phone ?? '' }
        : { contactId: null, name: '', email: '', phone: '' },
    });
  };

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid="checkout-line">
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-col gap-0.5">
          <p className="text-sm font-semibold uppercase tracking-wide text-muted">{t('line.position', { index: index + 1, count })}</p>
          <h2 id={headingId} className="font-display text-xl font-semibold leading-tight">
            {line.gift.name}
          </h2>
          <p className="text-sm text-muted">{t('line.from', { business: line.business.name })}</p>
        </div>
        {errors.giftId ? (
          <p role="alert" className="flex items-start gap-2 rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {fieldError('giftId')}
          </p>
        ) : null}
        {card ? <CardAmountField card={card} amount={line.amount ?? ''} inputId={id('amount')} error={fieldError('amountCents')} onChange={(amount) => onChange({ amount })} /> : null}
        {contacts.length > 0 ? (
          <Field label={t('line.pickContact')}>
            <select
              id={id('contact')}
              value={recipient.contactId ?? ''}
              onChange={(event) => pickContact(event.target.value)}
              className={cn(controlClasses, 'min-h-11 py-2')}
            >
              <option value="">{t('line.someoneNew')}</option>
              {contacts.map((contact) => (
                <option key={contact.id} value={contact.id}>
                  {contact.name}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <fieldset className="flex flex-col gap-2" aria-describedby={inPerson ? id('handover-hint') : undefined}>
          <legend className="mb-1.5 text-sm font-semibold">{t('handover.legend')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {handoverOptions.map((option) => (
              <label
                key={option.value}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line bg-white px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50',
                  'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sea-600',
                )}
              >
                <input
                  type="radio"
                  name={id('handover')}
                  value={option.value}
                  checked={(option.value === 'in_person') === inPerson}
                  onChange={() => onChange({ delivery: option.value === 'in_person' ? { kind: 'in_person' } : { kind: 'now' } })}
                  className="size-4 accent-brand-600"
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
          {inPerson ? (
            <p id={id('handover-hint')} className="text-sm text-muted">
              {t('handover.inPersonHint')}
            </p>
          ) : null}
        </fieldset>
        <Field label={inPerson ? t('line.nameOptional') : t('line.name')} required={!inPerson} error={fieldError('recipientName')}>
          <Input
            id={id('name')}
            autoComplete="off"
            value={recipient.name}
            onChange={(event) => onChange({ recipient: { name: event.target.value } })}
          />
        </Field>
        {inPerson ? null : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('line.email')} hint={t('line.contactHint')} error={fieldError('recipientEmail')}>
              <Input
                id={id('email')}
                type="email"
                inputMode="email"
                autoComplete="off"
                value={recipient.email}
                onChange={(event) => onChange({ recipient: { email: event.target.value } })}
              />
            </Field>
            <Field label={t('line.phone')} error={fieldError('recipientPhone')}>
              <Input
                id={id('phone')}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={recipient.phone}
                onChange={(event) => onChange({ recipient: { phone: event.target.value } })}
              />
            </Field>
          </div>
        )}
        <Field
          label={t('line.message')}
          hint={
            <span className={messageLength > CHECKOUT_LIMITS.personalMessage ? 'font-semibold text-danger-700' : undefined}>
              {t('line.messageCount', { count: messageLength, max: CHECKOUT_LIMITS.personalMessage })}
            </span>
          }
          error={fieldError('personalMessage')}
        >
          <Textarea
            id={id('message')}
            rows={3}
            value={recipient.message}
            onChange={(event) => onChange({ recipient: { message: event.target.value } })}
          />
        </Field>
        <Field label={t('line.language')} hint={inPerson ? t('line.languageHintInPerson') : t('line.languageHint')}>
          <select
            id={id('language')}
            value={recipient.locale}
            onChange={(event) => onChange({ recipient: { locale: event.target.value as CartLine['recipient']['locale'] } })}
            className={cn(controlClasses, 'min-h-11 py-2')}
          >
            {recipientLocales.map((locale) => (
              <option key={locale} value={locale} lang={HTML_LANG[locale]}>
                {languageNames[locale]}
              </option>
            ))}
          </select>
        </Field>
        {line.delivery.kind === 'in_person' ? null : (
          <DeliveryPicker
            value={line.delivery}
            onChange={(delivery) => onChange({ delivery })}
            error={fieldError('delivery')}
            nowLabel={t('delivery.now')}
          />
        )}
        {bookedOnline ? (
          <div className="flex items-start gap-3">
            <input
              id={id('booking-notice')}
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-brand-700"
              checked={line.bookingNotice === true}
              aria-describedby={id('booking-notice-hint')}
              onChange={(event) => onChange({ bookingNotice: event.target.checked })}
            />
            <div>
              <label htmlFor={id('booking-notice')} className="font-semibold">
                {t('line.bookingNotice')}
              </label>
              <p id={id('booking-notice-hint')} className="text-sm text-muted">
                {t('line.bookingNoticeHint')}
              </p>
            </div>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2 border-t border-line pt-3">
          <Button variant="outline" size="sm" disabled={!canDuplicate} onClick={onDuplicate} aria-label={t('line.duplicateNamed', { gift: line.gift.name })}>
            <Copy aria-hidden="true" />
            {t('line.duplicate')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={t('line.removeNamed', { gift: line.gift.name })}>
            <Trash2 aria-hidden="true" />
            {t('line.remove')}
          </Button>
        </div>
      </section>
    </Card>
  );
}


/** The amount of a gift card: typed in euros, or one of the business's suggestions picked. */
function CardAmountField({
  card,
  amount,
  inputId,
  error,
  onChange,
}: {
  card: CardBounds;
  amount: string;
  inputId: string;
  error: string | undefined;
  onChange: (amount: string) => void;
}) {
  const { t } = useText('checkout');
  const picked = amount.trim() ? cardAmountCents(amount) : null;
  return (
    <div className="flex flex-col gap-2">
      <Field
        label={t('card.amount')}
        required
        hint={t('card.amountHint', { min: formatPrice(card.minAmount), max: formatPrice(card.maxAmount) })}
        error={error}
      >
        <Input id={inputId} inputMode="decimal" autoComplete="off" placeholder="0,00" value={amount} onChange={(event) => onChange(event.target.value)} />
      </Field>
      {card.suggestedAmounts.length > 0 ? (
        <div role="group" aria-label={t('card.suggested')} className="flex flex-wrap gap-2">
          {card.suggestedAmounts.map((cents) => (
            <Button key={cents} type="button" variant="outline" size="sm" aria-pressed={picked === cents} onClick={() => onChange(priceToText(cents))}>
              {formatPrice(cents)}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Cents as a person would type them: `50`, `18,40`. */
const priceToText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`);
