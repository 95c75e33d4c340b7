import { useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, CheckCircle2, QrCode, WifiOff, XCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useText } from '@web/lib/text';
import type { RedemptionOrder } from '@shared/contracts/redemption';
import { instantToMadridLocal } from '@shared/domain/delivery-time';
import { parseRedemptionInput } from '@shared/domain/redemption-code';
import { formatDate, formatDateTime, formatFullDate } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { orderStatusBadge } from '@web/lib/order-status-style';
import { dashboardKeys } from '../api';
import { QrScanner } from './qr-scanner';
import { lookUpGift, redeemGift } from './redeem-api';
import { errorMessage, isNetworkError, statusRefusal } from './refusal-message';

// A gift card's amount, balance and undo (ADR 104): loaded when a card is found, so fixed
// gifts' first load does not grow.
const SpendCard = lazy(() => import('./gift-card-counter').then((m) => ({ default: m.SpendCard })));
const CardSpent = lazy(() => import('./gift-card-counter').then((m) => ({ default: m.CardSpent })));

/** The gift, and the code the recipient showed: redeeming sends that code again (ADR 055). */
type Found = { order: RedemptionOrder; code: string };

/**
 * One screen, a few steps: find the gift (scan or type), check it, confirm, done. Nothing is
 * ever marked redeemed on this phone: only the server's answer moves the screen to "done",
 * and a lost connection says so and offers the same call again.
 */
type Step =
  | { kind: 'enter'; error: string | null; retry?: () => void }
  | { kind: 'scanning' }
  | { kind: 'looking-up' }
  | { kind: 'found'; found: Found; error: string | null; retry?: () => void }
  | { kind: 'redeeming'; found: Found }
  | { kind: 'done'; order: RedemptionOrder };

/**
 * A code handed over in the address's fragment (`#code=…`) by the gift page, when its
 * business's owner opened it from the phone's camera app. Removed from the address at once,
 * so a reload or the back button does not look it up again and it does not stay on screen.
 */
function takeCodeFromAddress(): string | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1)).get('code');
  if (fragment === null) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return parseRedemptionInput(fragment).kind === 'code' ? fragment : null;
}

export function RedeemTab() {
  const { t, language } = useText('redeem');
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'enter', error: null });
  const [typed, setTyped] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isFirstRender = useRef(true);

  // Focus follows the step: the field to type in, or the heading of the card that appeared.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    if (step.kind === 'enter') inputRef.current?.focus();
    else if (step.kind === 'found' || step.kind === 'done') headingRef.current?.focus();
  }, [step.kind]);

  // Once per mount (a ref, as React may run an effect twice in development).
  const handedOver = useRef(false);
  useEffect(() => {
    if (handedOver.current) return;
    handedOver.current = true;
    const code = takeCodeFromAddress();
    if (code) void lookUp(code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only
  }, []);

  async function lookUp(code: string) {
    setStep({ kind: 'looking-up' });
    try {
      const order = await lookUpGift(code);
      setStep({ kind: 'found', found: { order, code }, error: null });
    } catch (error) {
      setStep({
        kind: 'enter',
        error: errorMessage(error, t),
        retry: isNetworkError(error) ? () => void lookUp(code) : undefined,
      });
    }
  }

  async function redeem(found: Found) {
    setStep({ kind: 'redeeming', found });
    try {
      const order = await redeemGift({ code: found.code });
      setStep({ kind: 'done', order });
      setTyped('');
      void client.invalidateQueries({ queryKey: dashboardKeys.allOrders });
      void client.invalidateQueries({ queryKey: ['dashboard', 'analytics'] });
    } catch (error) {
      if (isNetworkError(error)) {
        setStep({ kind: 'found', found, error: errorMessage(error, t), retry: () => void redeem(found) });
        return;
      }
      // Refused: show the gift as it is now (e.g. redeemed a moment ago on another phone).
      try {
        const order = await lookUpGift(found.code);
        setStep({ kind: 'found', found: { ...found, order }, error: statusRefusal(order, t, language) ? null : errorMessage(error, t) });
      } catch {
        setStep({ kind: 'found', found, error: errorMessage(error, t) });
      }
    }
  }

  // Not react-hook-form (ADR 076): the whole check is parseRedemptionInput, the server's own
  // rule, and its error shares the one alert with the lookup's answers; the form library on
  // this tab's first render would take it over its 150 KB budget.
  function submit(event: FormEvent) {
    event.preventDefault();
    if (parseRedemptionInput(typed).kind === 'invalid') {
      setStep({ kind: 'enter', error: t('errors.redemption_code_invalid') });
      return;
    }
    void lookUp(typed.trim());
  }

  function scanned(text: string): boolean {
    if (parseRedemptionInput(text).kind !== 'code') return false;
    void lookUp(text);
    return true;
  }

  const startOver = () => setStep({ kind: 'enter', error: null });

  return (
    <section aria-labelledby="redeem-title" className="mx-auto flex w-full max-w-md flex-col gap-4">
      <div>
        <h2 id="redeem-title" className="font-display text-2xl font-semibold">
          {t('title')}
        </h2>
        <p className="text-muted">{t('intro')}</p>
      </div>

      {step.kind === 'enter' || step.kind === 'looking-up' ? (
        <Card className="flex flex-col gap-4 p-4">
          <Button size="lg" onClick={() => setStep({ kind: 'scanning' })} disabled={step.kind === 'looking-up'}>
            <QrCode aria-hidden="true" />
            {t('scan.start')}
          </Button>
          <p aria-hidden="true" className="text-center text-sm text-muted">
            {t('manual.or')}
          </p>
          <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
            <Field label={t('manual.label')} hint={t('manual.hint')}>
              <Input
                ref={inputRef}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="search"
                className="font-mono tracking-wide"
              />
            </Field>
            <Button type="submit" variant="secondary" disabled={step.kind === 'looking-up' || typed.trim() === ''}>
              {step.kind === 'looking-up' ? <Spinner /> : null}
              {step.kind === 'looking-up' ? t('working.lookup') : t('manual.submit')}
            </Button>
          </form>
          {step.kind === 'enter' && step.error ? <Problem message={step.error} retry={step.retry} /> : null}
        </Card>
      ) : null}

      {step.kind === 'scanning' ? (
        // No camera: the scanner closes, and the field (focused) shows why under it.
        <QrScanner onCode={scanned} onStop={startOver} onUnavailable={(reason) => setStep({ kind: 'enter', error: reason })} />
      ) : null}

      {step.kind === 'found' || step.kind === 'redeeming' ? (
        <OrderCard order={step.found.order} headingRef={headingRef} title={t('card.title')}>
          {(() => {
            const refusal = statusRefusal(step.found.order, t, language);
            const error = step.kind === 'found' ? step.error : null;
            return (
              <>
                {refusal ? <Problem message={refusal} /> : null}
                {error ? <Problem message={error} retry={step.kind === 'found' ? step.retry : undefined} /> : null}
                {refusal ? (
                  <Button onClick={startOver}>{t('card.another')}</Button>
                ) : step.found.order.card ? (
                  <Suspense fallback={<Spinner />}>
                    <SpendCard
                      order={step.found.order}
                      code={step.found.code}
                      onSpent={(order) => {
                        setStep({ kind: 'done', order });
                        setTyped('');
                        void client.invalidateQueries({ queryKey: dashboardKeys.allOrders });
                      }}
                      onCancel={startOver}
                    />
                  </Suspense>
                ) : (
                  <div className="flex flex-col gap-2">
                    {step.kind === 'found' && step.retry ? null : (
                      <Button size="lg" onClick={() => void redeem(step.found)} disabled={step.kind === 'redeeming'}>
                        {step.kind === 'redeeming' ? <Spinner /> : null}
                        {step.kind === 'redeeming' ? t('working.redeem') : t('card.confirm')}
                      </Button>
                    )}
                    <Button variant="outline" onClick={startOver} disabled={step.kind === 'redeeming'}>
                      {t('card.cancel')}
                    </Button>
                  </div>
                )}
              </>
            );
          })()}
        </OrderCard>
      ) : null}

      {step.kind === 'done' && step.order.card ? (
        <Suspense fallback={<Spinner />}>
          <CardSpent order={step.order} onAnother={startOver} />
        </Suspense>
      ) : null}

      {step.kind === 'done' && !step.order.card ? (
        <Card className="flex flex-col items-center gap-3 border-green-300 bg-green-50 p-6 text-center" data-testid="redeem-success">
          <CheckCircle2 aria-hidden="true" className="size-12 text-green-700" />
          <h3 ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold text-green-900 outline-none">
            {t('success.title')}
          </h3>
          <p className="text-green-900">
            {t(step.order.recipientName ? 'success.body' : 'success.bodyUnnamed', {
              gift: step.order.giftName,
              name: step.order.recipientName,
              time: formatDateTime(step.order.redeemedAt ?? new Date(), language),
            })}
          </p>
          <Button onClick={startOver}>{t('success.another')}</Button>
        </Card>
      ) : null}
    </section>
  );
}

function OrderCard({
  order,
  title,
  headingRef,
  children,
}: {
  order: RedemptionOrder;
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const { t, language } = useText('redeem');
  return (
    <Card className="flex flex-col gap-4 p-4" data-testid="redeem-card">
      <h3 ref={headingRef} tabIndex={-1} className="font-display text-xl font-semibold outline-none">
        {title}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-muted">{t('card.gift')}</dt>
        <dd className="font-semibold break-words">{order.giftName}</dd>
        <dt className="text-muted">{t('card.recipient')}</dt>
        {/* Empty for a gift its giver hands over without naming anyone (ADR 103). */}
        <dd className="font-semibold break-words">{order.recipientName || t('card.notNamed')}</dd>
        <dt className="text-muted">{t('card.status')}</dt>
        <dd>
          <Badge variant={orderStatusBadge(order.status)}>{t(`status.${order.status}`)}</Badge>
        </dd>
        <dt className="text-muted">{order.redeemedAt ? t('card.redeemedAt') : t('card.expires')}</dt>
        <dd>{order.redeemedAt ? formatDateTime(order.redeemedAt, language) : formatDate(order.expiresAt, language)}</dd>
      </dl>
      {order.booking ? <BookingLine booking={order.booking} /> : null}
      {children}
    </Card>
  );
}

/** The gift's booking (ADR 105): whom the counter expects and when, on Madrid's clock. */
function BookingLine({ booking }: { booking: NonNullable<RedemptionOrder['booking']> }) {
  const { t, language } = useText('redeem');
  return (
    <div className="flex items-start gap-2 rounded-xl border border-sea-200 bg-sea-50 p-3" data-testid="redeem-booking">
      <CalendarCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">
          {t('card.booking', { date: formatFullDate(booking.startsAt, language), time: instantToMadridLocal(new Date(booking.startsAt)).time, count: booking.partySize })}
        </p>
        <p className="break-words">{t('card.bookingName', { name: booking.name })}</p>
        {booking.notes ? <p className="break-words whitespace-pre-line">{t('card.bookingNotes', { notes: booking.notes })}</p> : null}
      </div>
    </div>
  );
}

function Problem({ message, retry }: { message: string; retry?: () => void }) {
  const { t } = useText('redeem');
  const Icon = retry ? WifiOff : XCircle;
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-red-900" data-testid="redeem-problem">
      <p className="flex items-start gap-2">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {message}
      </p>
      {retry ? (
        <Button variant="destructive" onClick={retry}>
          {t('retry')}
        </Button>
      ) : null}
    </div>
  );
}
