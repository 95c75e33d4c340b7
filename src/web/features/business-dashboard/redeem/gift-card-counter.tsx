import { CheckCircle2, Undo2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import type { RedemptionOrder } from '@shared/contracts/redemption';
import { parsePriceToCents } from '@shared/domain/money';
import { formatDateTime, formatPrice } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { useText } from '@web/lib/text';
import { redeemGift, undoCardUse } from './redeem-api';
import { errorMessage, isNetworkError } from './refusal-message';

/**
 * A gift card at the counter (ADR 104), loaded only when a card is found: its
 * balance, the amount to spend (typed as the till shows it, "18,40"), and the key that makes
 * a retried request spend nothing more — one key per amount confirmed, kept across retries.
 */
export function SpendCard({ order, code, onSpent, onCancel }: { order: RedemptionOrder; code: string; onSpent: (order: RedemptionOrder) => void; onCancel: () => void }) {
  const { t } = useText('redeem');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  // The key of the amount being confirmed: a retry after a lost answer sends it again.
  const attempt = useRef<{ cents: number; key: string } | null>(null);
  const balance = order.card!.balanceCents;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parsePriceToCents(amount);
    if (!parsed.ok) return setError(t('giftCard.amountInvalid'));
    if (parsed.cents > balance) return setError(t('errors.insufficient_balance', { balance: formatPrice(balance) }));
    if (attempt.current?.cents !== parsed.cents) attempt.current = { cents: parsed.cents, key: crypto.randomUUID().replaceAll('-', '') };
    setWorking(true);
    setError(null);
    try {
      onSpent(await redeemGift({ code, amountCents: parsed.cents, idempotencyKey: attempt.current.key }));
    } catch (failure) {
      const available = failure instanceof ApiError ? failure.problem.availableCents : undefined;
      setError(available !== undefined ? t('errors.insufficient_balance', { balance: formatPrice(available) }) : errorMessage(failure, t));
      if (!isNetworkError(failure)) attempt.current = null;
    } finally {
      setWorking(false);
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <p className="font-display text-3xl font-semibold" data-testid="card-balance">
        {t('giftCard.balance', { balance: formatPrice(balance) })}
      </p>
      <Field label={t('giftCard.amountLabel')} hint={t('giftCard.amountHint')} error={error ?? undefined}>
        <Input value={amount} onChange={(event) => setAmount(event.target.value)} inputMode="decimal" autoComplete="off" enterKeyHint="done" />
      </Field>
      <Button type="submit" size="lg" disabled={working || amount.trim() === ''}>
        {working ? <Spinner /> : null}
        {working ? t('working.redeem') : t('giftCard.confirm')}
      </Button>
      <Button type="button" variant="outline" onClick={onCancel} disabled={working}>
        {t('card.cancel')}
      </Button>
    </form>
  );
}

/** After a use: what was spent, the balance left, and the uses the counter may still undo. */
export function CardSpent({ order: initial, onAnother }: { order: RedemptionOrder; onAnother: () => void }) {
  const { t, language } = useText('redeem');
  const [order, setOrder] = useState(initial);
  const card = order.card!;
  return (
    <Card className="flex flex-col gap-3 border-green-300 bg-green-50 p-6" data-testid="redeem-success">
      <CheckCircle2 aria-hidden="true" className="size-12 self-center text-green-700" />
      <h3 tabIndex={-1} className="text-center font-display text-2xl font-semibold text-green-900 outline-none">
        {initial.redeemedCents !== undefined ? t('giftCard.spent', { amount: formatPrice(initial.redeemedCents) }) : t('giftCard.title')}
      </h3>
      <p className="text-center font-display text-3xl font-semibold text-green-900" data-testid="card-balance-left">
        {t('giftCard.left', { balance: formatPrice(card.balanceCents) })}
      </p>
      {card.uses.length > 0 ? (
        <section aria-labelledby="card-uses" className="flex flex-col gap-2">
          <h4 id="card-uses" className="font-semibold text-green-900">
            {t('giftCard.uses')}
          </h4>
          <ul className="flex flex-col gap-2">
            {card.uses.map((use) => (
              <li key={use.id} className="rounded-lg border border-green-200 bg-white p-2 text-sm">
                <p>
                  {formatDateTime(use.at, language)} · {formatPrice(use.amountCents)}
                  {use.undone ? ` · ${t('giftCard.undone', { reason: use.undone.reason })}` : ''}
                </p>
                {use.undoableUntil ? <UndoUse useId={use.id} amount={formatPrice(use.amountCents)} onUndone={setOrder} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Button onClick={onAnother}>{t('success.another')}</Button>
    </Card>
  );
}

function UndoUse({ useId, amount, onUndone }: { useId: string; amount: string; onUndone: (order: RedemptionOrder) => void }) {
  const { t } = useText('redeem');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  if (!open) {
    return (
      <Button variant="outline" size="sm" className="mt-1" onClick={() => setOpen(true)}>
        <Undo2 aria-hidden="true" />
        {t('giftCard.undo', { amount })}
      </Button>
    );
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') return setError(t('giftCard.reasonRequired'));
    setWorking(true);
    try {
      onUndone(await undoCardUse(useId, reason.trim()));
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setWorking(false);
    }
  }
  return (
    <form className="mt-2 flex flex-col gap-2" onSubmit={submit} noValidate>
      <Field label={t('giftCard.reasonLabel')} error={error ?? undefined} required>
        <Input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
      </Field>
      <Button type="submit" variant="destructive" size="sm" disabled={working}>
        {working ? <Spinner /> : null}
        {t('giftCard.undoConfirm')}
      </Button>
    </form>
  );
}
