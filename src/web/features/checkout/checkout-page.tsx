import { AlertTriangle, Copy, ShoppingBag, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useText } from '@web/lib/text';
import { Link, useNavigate } from 'react-router';
import type { Checkout, QuotedGift } from '@shared/contracts/checkout';
import { CHECKOUT_LIMITS, recipientLocales } from '@shared/contracts/checkout-limits';
import { HTML_LANG, type Locale } from '@shared/locale';
import type { Contact } from '@shared/contracts/contacts';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { formatDate, formatPrice } from '@shared/format';
import { DeliveryPicker } from '@web/components/delivery-picker';
import { PageTitle } from '@web/components/page-title';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input, controlClasses } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { canAddToCart, type CartLine } from '@web/lib/cart';
import { cn } from '@web/lib/cn';
import { languageNames } from '@web/lib/language';
import { useSession } from '@web/lib/session';
import { cartAttemptSlot, useCart } from '@web/lib/use-cart';
import { createCheckout, createGuestCheckout, useGiverContacts, useQuote } from './api';
import { guestErrorsFromProblem, useGuestBuyer, validateGuestBuyer, type GuestErrors } from './guest-buyer';
import { GuestDetails } from './guest-details';
import { useAddFromLink } from './use-add-from-link';
import { createAttemptKeys } from './attempt-key';
import { CheckoutShell, useErrorText } from './checkout-shell';
import {
  hasErrors,
  lineErrorsFromProblem,
  loadLineSchema,
  toLineInput,
  validateLines,
  type LineErrors,
  type LineField,
  type LineSchema,
} from './line-errors';

export default function CheckoutPage() {
  const { status } = useSession();
  const { t } = useText('checkout');
  return (
    <CheckoutShell>
      {/* Signed in or a guest (ADR 075): which one is known once the session has been read. */}
      {status === 'loading' ? <Spinner className="mx-auto size-8" label={t('loading')} /> : <CheckoutForm isGuest={status === 'anonymous'} />}
    </CheckoutShell>
  );
}

/** Where to send the browser: the router for our own pages (the test payment page), a full load otherwise (Stripe). */
export function useGoToPayment() {
  const navigate = useNavigate();
  return (checkout: Checkout) => {
    if (!checkout.paymentUrl) {
      navigate(`/checkout/${encodeURIComponent(checkout.id)}`);
      return;
    }
    const url = new URL(checkout.paymentUrl, window.location.origin);
    // The test payment page is always ours, whatever host PUBLIC_URL names.
    if (checkout.provider === 'test' || url.origin === window.location.origin) navigate(`${url.pathname}${url.search}`);
    else window.location.assign(url.href);
  };
}

function CheckoutForm({ isGuest }: { isGuest: boolean }) {
  const { t, language } = useText('checkout');
  const errorText = useErrorText();
  const { cart, update, remove, duplicate, markCheckout } = useCart();
  const goToPayment = useGoToPayment();
  const isAdding = useAddFromLink();
  const giftIds = useMemo(() => [...new Set(cart.lines.map((line) => line.gift.id))].sort(), [cart.lines]);
  const quote = useQuote(giftIds);
  const contacts = useGiverContacts({ enabled: !isGuest });
  const [guest, changeGuest] = useGuestBuyer();
  const [guestServerErrors, setGuestServerErrors] = useState<GuestErrors>({});
  // Kept with the cart in localStorage: a reload mid-request sends the same key again.
  const [keys] = useState(() => createAttemptKeys(cartAttemptSlot));
  const inFlight = useRef(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [wasSubmitted, setSubmitted] = useState(false);
  const [lineSchema, setLineSchema] = useState<LineSchema | null>(null);
  const [serverErrors, setServerErrors] = useState<LineErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const quoted = new Map((quote.data?.items ?? []).map((item) => [item.giftId, item]));
  const unavailable = cart.lines.filter((line) => quoted.get(line.gift.id)?.available === false);
  // After the first try, the browser's own checks follow every keystroke; the server's answer
  // for a line stays until that line changes.
  const localErrors = wasSubmitted && lineSchema ? validateLines(cart.lines, new Date(), lineSchema) : {};
  const guestErrors: GuestErrors = isGuest ? { ...guestServerErrors, ...(wasSubmitted ? validateGuestBuyer(guest) : {}) } : {};
  const errors: LineErrors = {};
  for (const line of cart.lines) {
    const merged = { ...serverErrors[line.lineId], ...localErrors[line.lineId] };
    if (quoted.get(line.gift.id)?.available === false) merged.giftId = 'gift_unavailable';
    if (Object.keys(merged).length > 0) errors[line.lineId] = merged;
  }

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const changeLine = (lineId: string, change: Parameters<typeof update>[1]) => {
    update(lineId, change);
    setServerErrors(({ [lineId]: _dropped, ...rest }) => rest);
  };

  async function submit() {
    if (inFlight.current) return;
    inFlight.current = true;
    let schema: LineSchema;
    try {
      schema = lineSchema ?? (await loadLineSchema());
    } catch (error) {
      setFormError(errorText(error));
      return;
    } finally {
      inFlight.current = false;
    }
    setLineSchema(schema);
    setSubmitted(true);
    const found = validateLines(cart.lines, new Date(), schema);
    const guestFound = isGuest ? validateGuestBuyer(guest) : {};
    if (hasErrors(found) || Object.keys(guestFound).length > 0 || unavailable.length > 0) {
      setFormError(unavailable.length > 0 ? t('summary.unavailable', { names: unavailableNames(unavailable) }) : t('errors.fixLines'));
      setFocusRequest((n) => n + 1);
      return;
    }
    const lines = cart.lines.map(toLineInput);
    const sentLineIds = cart.lines.map((line) => line.lineId);
    const idempotencyKey = keys.keyFor(JSON.stringify(lines));
    inFlight.current = true;
    setSubmitting(true);
    setFormError(null);
    try {
      const input = { idempotencyKey, acceptedTermsVersion: TERMS_VERSION, lines };
      const checkout = isGuest
        ? await createGuestCheckout({ ...input, buyer: { name: guest.name.trim(), email: guest.email.trim(), locale: language as Locale } })
        : await createCheckout(input);
      keys.finish();
      markCheckout(checkout.id);
      goToPayment(checkout);
    } catch (error) {
      if (error instanceof ApiError && error.problem.fields) {
        const mapped = lineErrorsFromProblem(error.problem.fields, sentLineIds);
        setServerErrors(mapped.lines);
        setGuestServerErrors(guestErrorsFromProblem(error.problem.fields));
        setFocusRequest((n) => n + 1);
      }
      if (error instanceof ApiError && error.code === 'gift_unavailable') void quote.refetch();
      setFormError(
        error instanceof ApiError && error.code === 'validation_failed' ? t('errors.fixLines') : errorText(error),
      );
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  if (isAdding) return <Spinner className="mx-auto size-8" label={t('loading')} />;

  if (cart.lines.length === 0) {
    return (
      <Card className="mx-auto flex w-full max-w-lg flex-col items-center gap-3 p-8 text-center">
        <ShoppingBag aria-hidden="true" className="size-10 text-brand-400" />
        <h1 className="font-display text-2xl font-semibold">{t('empty')}</h1>
        <p className="text-muted">{t('emptyHint')}</p>
        <Button asChild>
          {isGuest ? <a href={`/gifts?lang=${language}`}>{t('browseShop')}</a> : <Link to="/app?tab=gifts">{t('browseGifts')}</Link>}
        </Button>
      </Card>
    );
  }

  const total = cart.lines.reduce((sum, line) => sum + (quoted.get(line.gift.id)?.price ?? line.gift.price), 0);
  // Each gift's name as the quote gives it, in the language read now (the cart keeps the one it was added in).
  const shown = cart.lines.map((line) => {
    const name = quoted.get(line.gift.id)?.name;
    return name && name !== line.gift.name ? { ...line, gift: { ...line.gift, name } } : line;
  });

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby="checkout-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-5"
    >
      <PageTitle parts={[t('title')]} />
      <div>
        <h1 id="checkout-title" className="font-display text-2xl font-bold text-brand-800 sm:text-3xl">
          {t('title')}
        </h1>
        <p className="text-muted">{t('lead')}</p>
      </div>
      <div className="grid gap-5 lg:grid-cols-[1fr_20rem] lg:items-start">
        <div className="flex flex-col gap-4">
          {isGuest ? (
            <GuestDetails
              fields={guest}
              errors={guestErrors}
              onChange={(change) => {
                changeGuest(change);
                setGuestServerErrors({});
              }}
            />
          ) : null}
          <ol className="flex flex-col gap-4" aria-label={t('linesLabel')}>
            {shown.map((line, index) => (
              <li key={line.lineId}>
                <LineCard
                  line={line}
                  index={index}
                  count={cart.lines.length}
                  errors={errors[line.lineId] ?? {}}
                  contacts={contacts.data?.items ?? []}
                  canDuplicate={canAddToCart(cart)}
                  onChange={(change) => changeLine(line.lineId, change)}
                  onDuplicate={() => {
                    duplicate(line.lineId);
                    toast.message(t('line.duplicated', { gift: line.gift.name }));
                  }}
                  onRemove={() => {
                    remove(line.lineId);
                    toast.message(t('line.removed', { gift: line.gift.name }));
                  }}
                />
              </li>
            ))}
          </ol>
        </div>
        <Summary
          lines={shown}
          quoted={quoted}
          total={total}
          isQuoteLoading={quote.isPending}
          quoteError={quote.isError ? errorText(quote.error) : null}
          onRetryQuote={() => void quote.refetch()}
          unavailable={unavailable}
          formError={formError}
          isSubmitting={isSubmitting}
        />
      </div>
    </form>
  );
}

/**
 * What the law asks a buyer to see before paying (issue 26.2): who sells and through whom,
 * the total with VAT, validity, the 14-day withdrawal right with the model form, and the
 * terms of sale that paying accepts (their version goes with the request). The legal pages
 * are server-rendered (ADR 059): plain links, opened in a new tab so the cart stays; each
 * kept on one line (inline-block), so a focused link is never split around other text.
 */
function PreContractInformation({ total }: { total: number }) {
  const { t, language } = useText('checkout');
  const legalLink = (path: string, label: string) => (
    <a href={`${path}?lang=${language}`} target="_blank" rel="noopener" className="inline-block font-semibold text-brand-700 underline underline-offset-4">
      {label}
    </a>
  );
  return (
    <section aria-labelledby="precontract-title" className="flex flex-col gap-2 rounded-xl bg-sand-100 p-3 text-sm" data-testid="precontract">
      <h3 id="precontract-title" className="font-semibold">
        {t('precontract.title')}
      </h3>
      <p>
        {t('precontract.seller')} {legalLink('/legal', t('precontract.legal'))}
      </p>
      <p>{t('precontract.total', { total: formatPrice(total) })}</p>
      <p>{t('precontract.validity')}</p>
      <p>
        {t('precontract.withdrawal')} {legalLink('/withdrawal-form', t('precontract.withdrawalForm'))}
      </p>
      <p className="font-semibold">
        {t('precontract.accept', { date: formatDate(`${TERMS_VERSION}T12:00:00Z`, language) })} {legalLink('/terms', t('precontract.terms'))}
      </p>
    </section>
  );
}

const unavailableNames = (lines: CartLine[]) => [...new Set(lines.map((line) => `«${line.gift.name}»`))].join(', ');

function LineCard({
  line,
  index,
  count,
  errors,
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
  contacts: Contact[];
  canDuplicate: boolean;
  onChange: (change: { recipient?: Partial<CartLine['recipient']>; delivery?: CartLine['delivery'] }) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const { t } = useText('checkout');
  const fieldError = (field: LineField) => (errors[field] ? t(`errors.fields.${errors[field]}`, { defaultValue: t('errors.fields.invalid') }) : undefined);
  const id = (field: string) => `line-${index}-${field}`;
  const headingId = id('heading');
  const messageLength = line.recipient.message.length;
  const recipient = line.recipient;

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
        <Field label={t('line.name')} required error={fieldError('recipientName')}>
          <Input
            id={id('name')}
            autoComplete="off"
            value={recipient.name}
            onChange={(event) => onChange({ recipient: { name: event.target.value } })}
          />
        </Field>
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
        <Field label={t('line.language')} hint={t('line.languageHint')}>
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
        <DeliveryPicker
          value={line.delivery}
          onChange={(delivery) => onChange({ delivery })}
          error={fieldError('delivery')}
          nowLabel={t('delivery.now')}
        />
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

function Summary({
  lines,
  quoted,
  total,
  isQuoteLoading,
  quoteError,
  onRetryQuote,
  unavailable,
  formError,
  isSubmitting,
}: {
  lines: CartLine[];
  quoted: Map<string, QuotedGift>;
  total: number;
  isQuoteLoading: boolean;
  quoteError: string | null;
  onRetryQuote: () => void;
  unavailable: CartLine[];
  formError: string | null;
  isSubmitting: boolean;
}) {
  const { t, language } = useText('checkout');
  const isBlocked = unavailable.length > 0 || isQuoteLoading || quoteError !== null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5 lg:sticky lg:top-4">
      <section aria-labelledby="summary-title" className="flex flex-col gap-3">
        <h2 id="summary-title" className="font-display text-xl font-semibold">
          {t('summary.title')}
        </h2>
        {quoteError !== null ? (
          <div role="alert" className="flex flex-col items-start gap-2 rounded-xl bg-danger-50 p-3 text-sm text-danger-700">
            <p>{quoteError}</p>
            <Button variant="outline" size="sm" onClick={onRetryQuote}>
              {t('summary.retry')}
            </Button>
          </div>
        ) : null}
        <ul className="flex flex-col divide-y divide-line" data-testid="checkout-summary">
          {lines.map((line, index) => {
            const quote = quoted.get(line.gift.id);
            return (
              <li key={line.lineId} className="flex flex-col gap-0.5 py-2 text-sm">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="font-semibold">
                    {line.gift.name}
                    <span className="block font-normal text-muted">
                      {line.recipient.name.trim() ? t('cart.for', { name: line.recipient.name.trim() }) : t('line.position', { index: index + 1, count: lines.length })}
                    </span>
                    <span className="block font-normal text-muted" data-testid="summary-seller">
                      {t('precontract.soldBy', { business: quote?.businessName ?? line.business.name })}
                    </span>
                  </span>
                  <span className="font-semibold" data-testid="summary-price">
                    {quote?.price != null ? formatPrice(quote.price) : isQuoteLoading ? '…' : formatPrice(line.gift.price)}
                  </span>
                </div>
                {quote?.available === false ? (
                  <span className="font-semibold text-danger-700">{t('summary.unavailableOne')}</span>
                ) : quote?.validityDays != null && quote.expiresAtIfPaidNow ? (
                  <span className="text-muted">
                    {t('summary.validity', { count: quote.validityDays, date: formatDate(quote.expiresAtIfPaidNow, language) })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
        <p className="flex items-baseline justify-between border-t border-line pt-3 text-lg">
          <span>{t('summary.total')}</span>
          <strong data-testid="checkout-total">{formatPrice(total)}</strong>
        </p>
        <p className="text-sm text-muted">{t('summary.vat')}</p>
        {unavailable.length > 0 ? (
          <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700">
            {t('summary.unavailable', { names: unavailableNames(unavailable) })}
          </p>
        ) : null}
        {formError !== null && unavailable.length === 0 ? (
          <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700" data-testid="checkout-error">
            {formError}
          </p>
        ) : null}
        <PreContractInformation total={total} />
        <Button type="submit" size="lg" disabled={isBlocked} aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? <Spinner decorative /> : null}
          {isSubmitting ? t('submitting') : t('submit', { total: formatPrice(total) })}
        </Button>
      </section>
    </Card>
  );
}
