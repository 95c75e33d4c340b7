import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGiftMovements, AdminOrder } from '@shared/contracts/admin';
import { formatDateTime, formatPrice } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { apiRequest } from '@web/lib/api-client';
import { apiErrorMessage, apiFieldErrors } from '@web/lib/api-error';
import { useText } from '@web/lib/text';
import { adminKeys } from './api';

/**
 * A gift card as the team sees it (ADR 104), loaded on the row's first click: its balance and
 * every movement (issue, uses, undone uses with who and why, refunds, expiries), and the undo
 * of a use with a reason — the business's own undo ends 30 minutes after the use, the team's
 * does not (the server audits it).
 */
type DialogProps = { order: AdminOrder; open: boolean; onOpenChange: (open: boolean) => void };
type Movement = AdminGiftMovements['movements'][number];

const movementsKey = (orderId: string) => [...adminKeys.all, 'movements', orderId] as const;

export function CardMovementsDialog({ order, open, onOpenChange }: DialogProps) {
  const { t } = useText('admin');
  const query = useQuery({
    queryKey: movementsKey(order.id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/orders/${order.id}/movements`, { contract: () => import('@shared/contracts/admin').then((m) => m.adminGiftMovementsSchema), signal }),
    enabled: open,
  });
  const movements = query.data?.movements ?? [];
  const undone = new Set(movements.map((m) => m.reversesMovementId).filter((id): id is string => id !== null));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('cards.title', { code: order.codeSuffix })} description={t('cards.lead', { gift: order.giftName, business: order.businessName })} closeLabel={t('close')}>
        {query.data ? (
          <div className="flex flex-col gap-3" data-testid="card-movements">
            <p className="text-2xl font-bold" data-testid="card-balance">
              {t('cards.balance', { amount: formatPrice(query.data.balanceCents) })}
            </p>
            <ol className="flex flex-col gap-2">
              {movements.map((movement) => (
                <MovementRow key={movement.id} order={order} movement={movement} isUndone={undone.has(movement.id)} />
              ))}
            </ol>
          </div>
        ) : query.isError ? (
          <p role="alert" className="text-sm font-medium text-danger-700">
            {apiErrorMessage(query.error, 'admin')}
          </p>
        ) : (
          <p className="text-muted">{t('loading')}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function MovementRow({ order, movement, isUndone }: { order: AdminOrder; movement: Movement; isUndone: boolean }) {
  const { t, language } = useText('admin');
  const sign = movement.kind === 'issued' || movement.kind === 'redemption_undone' || movement.kind === 'expiry_lifted' ? '+' : '−';
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-line p-2 text-sm" data-testid="card-movement">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t(`cards.kinds.${movement.kind}`)}</span>
        <span className={isUndone ? 'line-through' : undefined}>
          {sign}
          {formatPrice(movement.amountCents)}
        </span>
        <span className="text-muted">{formatDateTime(movement.at, language)}</span>
        {isUndone ? <Badge variant="warning">{t('cards.undone')}</Badge> : null}
      </p>
      {movement.undo ? <p className="text-muted">{t(`cards.undoneBy.${movement.undo.undoneAs}`, { reason: movement.undo.reason })}</p> : null}
      {movement.useId && !isUndone ? <UndoUse order={order} useId={movement.useId} amount={formatPrice(movement.amountCents)} /> : null}
    </li>
  );
}

function UndoUse({ order, useId, amount }: { order: AdminOrder; useId: string; amount: string }) {
  const { t } = useText('admin');
  const client = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const undo = useMutation({
    mutationFn: (body: { reason: string }) =>
      apiRequest(`/api/admin/card-uses/${useId}/undo`, { method: 'POST', body, contract: () => import('@shared/contracts/redemption').then((m) => m.adminCardUseUndoneSchema) }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
  if (!isOpen) {
    return (
      <div>
        <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
          {t('cards.undo', { amount })}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        // The server checks the same rule (the contract's `required`); this spares a round trip.
        if (reason.trim() === '') {
          setReasonError(t('fieldErrors.required'));
          return;
        }
        setReasonError(undefined);
        undo.mutate(
          { reason: reason.trim() },
          {
            onSuccess: (card) => toast.success(t('cards.undoneToast', { amount, balance: formatPrice(card.balanceCents) })),
            onError: (failure) => {
              const field = apiFieldErrors(failure).reason;
              if (field) setReasonError(t(`fieldErrors.${field}`, { defaultValue: t('fieldErrors.invalid') }));
              else setProblem(apiErrorMessage(failure, 'admin'));
            },
          },
        );
      }}
    >
      <Field label={t('cards.reason')} error={reasonError} hint={t('cards.undoHint', { code: order.codeSuffix })} required>
        <Textarea rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={undo.isPending}>
          {t('cards.undoSubmit')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setIsOpen(false)}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
