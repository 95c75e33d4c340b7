import { ShoppingBag } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useText } from '@web/lib/text';
import { Link, useNavigate } from 'react-router';
import type { Checkout, QuotedGift } from '@shared/contracts/checkout';
import type { Locale } from '@shared/locale';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { PageTitle } from '@web/components/page-title';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { canAddToCart, type CartLine } from '@web/lib/cart';
import { useSession } from '@web/lib/session';
import { cartAttemptSlot, useCart } from '@web/lib/use-cart';
import { createCheckout, createGuestCheckout, useGiverContacts, useQuote } from './api';
import { guestErrorsFromProblem, loadGuestSchema, useGuestBuyer, validateGuestBuyer, type GuestErrors, type GuestSchema } from './guest-buyer';
import { GuestDetails } from './guest-details';
import { useAddFromLink } from './use-add-from-link';
import { createAttemptKeys } from './attempt-key';
import { CheckoutLineCard, type CardBounds } from './checkout-line-card';
import { CheckoutShell, useErrorText } from './checkout-shell';
import { CheckoutSummary, unavailableNames } from './checkout-summary';
import {
  cardAmountCents,
  hasErrors,
  lineErrorsFromProblem,
  loadLineSchema,
  toLineInput,
  validateLines,
  type LineErrors,
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

/**
 * The one form not on react-hook-form (ADR 076): its lines are the cart's (localStorage, shared
 * across tabs), so the cart is the form's state, checked on "Pay" by the same line contract as
 * the server's, loaded then with zod (`line-errors.ts`). This component holds only what a try
 * adds to it: errors, the attempt's key, the request in flight.
 */
/** A quoted gift card's bounds, or null for a fixed gift (or one not quoted yet). */
function cardOf(quote: QuotedGift | undefined): CardBounds | null {
  if (quote?.kind !== 'card' || quote.minAmount === null || quote.maxAmount === null) return null;
  return { minAmount: quote.minAmount, maxAmount: quote.maxAmount, suggestedAmounts: quote.suggestedAmounts ?? [] };
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
  const [guestSchema, setGuestSchema] = useState<GuestSchema | null>(null);
  const [serverErrors, setServerErrors] = useState<LineErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const quoted = new Map((quote.data?.items ?? []).map((item) => [item.giftId, item]));
  const unavailable = cart.lines.filter((line) => quoted.get(line.gift.id)?.available === false);
  // After the first try, the browser's own checks follow every keystroke; the server's answer
  // for a line stays until that line changes.
  const localErrors = wasSubmitted && lineSchema ? validateLines(cart.lines, new Date(), lineSchema) : {};
  const guestErrors: GuestErrors = isGuest ? { ...guestServerErrors, ...(wasSubmitted && guestSchema ? validateGuestBuyer(guest, guestSchema) : {}) } : {};
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
    let buyerSchema: GuestSchema | null;
    try {
      [schema, buyerSchema] = await Promise.all([lineSchema ?? loadLineSchema(), isGuest ? (guestSchema ?? loadGuestSchema()) : null]);
    } catch (error) {
      setFormError(errorText(error));
      return;
    } finally {
      inFlight.current = false;
    }
    setLineSchema(schema);
    setGuestSchema(buyerSchema);
    setSubmitted(true);
    const found = validateLines(cart.lines, new Date(), schema);
    const guestFound = buyerSchema ? validateGuestBuyer(guest, buyerSchema) : {};
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

  // A card counts at the amount typed (its minimum until one is).
  const linePrice = (line: CartLine) => (line.amount?.trim() ? cardAmountCents(line.amount) : null) ?? quoted.get(line.gift.id)?.price ?? line.gift.price;
  const total = cart.lines.reduce((sum, line) => sum + linePrice(line), 0);
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
                <CheckoutLineCard
                  line={line}
                  index={index}
                  count={cart.lines.length}
                  errors={errors[line.lineId] ?? {}}
                  card={cardOf(quoted.get(line.gift.id))}
                  bookedOnline={quoted.get(line.gift.id)?.bookedOnline === true}
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
        <CheckoutSummary
          lines={shown}
          quoted={quoted}
          linePrice={linePrice}
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
