import { useState } from 'react';
import { useText } from '@web/lib/text';
import { formatPercent, formatPrice } from '@shared/format';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryFallback } from '@web/components/query-fallback';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useBusiness, useBusinessAction } from './api';
import { apiErrorMessage } from '@web/lib/api-error';
import { apiFieldMessages } from '@web/lib/api-field-messages';
import { ApplicationHistory, BusinessFacts } from './business-facts';
import { OrderTable } from './order-table';

export function BusinessDetail({ id, onOrders }: { id: string; onOrders: (name: string) => void }) {
  const { t } = useText('admin');
  const query = useBusiness(id);
  const detail = query.data;
  if (!detail) {
    return (
      <QueryFallback
        error={query.isError ? apiErrorMessage(query.error, 'admin') : null}
        onRetry={() => void query.refetch()}
        retryLabel={t('retry')}
        loadingLabel={t('loading')}
      />
    );
  }
  const { business } = detail;
  return (
    <div className="flex flex-col gap-4" data-testid="business-detail">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{business.name}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <BusinessFacts business={business} />
          <Controls
            businessId={business.id}
            businessName={business.name}
            rate={business.proposedCommissionRate ?? business.commissionRate}
            isActive={business.isActive}
            isApproved={business.verificationStatus === 'approved'}
          />
          <ApplicationHistory applications={detail.applications} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('businesses.gifts')}</CardTitle>
        </CardHeader>
        <CardContent>
          {detail.gifts.length === 0 ? (
            <p className="text-muted">{t('businesses.noGifts')}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {detail.gifts.map((g) => (
                <li key={g.id} className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{g.name}</span> · {formatPrice(g.price)}
                  {g.archived ? <Badge>{t('businesses.archived')}</Badge> : !g.isAvailable ? <Badge>{t('businesses.unavailable')}</Badge> : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">{t('businesses.orders')}</CardTitle>
          <Button variant="outline" size="sm" onClick={() => onOrders(business.name)}>
            {t('businesses.searchOrders')}
          </Button>
        </CardHeader>
        <CardContent>
          <OrderTable orders={detail.orders} />
        </CardContent>
      </Card>
    </div>
  );
}

function Controls({ businessId, businessName, rate, isActive, isApproved }: { businessId: string; businessName: string; rate: number; isActive: boolean; isApproved: boolean }) {
  const { t } = useText('admin');
  const action = useBusinessAction(businessId);
  const [newRate, setNewRate] = useState(String(rate).replace('.', ','));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onError = (error: unknown) => setErrors(apiFieldMessages(error, 'admin'));
  return (
    <div className="grid gap-4 rounded-2xl bg-sand-100 p-4 md:grid-cols-2">
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const value = Number(newRate.replace(',', '.'));
          if (newRate.trim() === '' || !Number.isFinite(value)) return setErrors({ commissionRate: t('fieldErrors.invalidRate') });
          setErrors({});
          action.mutate(
            { kind: 'commission', body: { commissionRate: value, reason: reason.trim() || undefined } },
            {
              // A different rate waits for the owner's acceptance (ADR 065): say which happened.
              onSuccess: (detail) =>
                toast.success(
                  detail.business.proposedCommissionRate !== null
                    ? t('businesses.rateProposed', { rate: formatPercent(detail.business.proposedCommissionRate) })
                    : t('businesses.rateKept', { rate: formatPercent(detail.business.commissionRate) }),
                ),
              onError,
            },
          );
        }}
      >
        <Field label={t('businesses.rate')} hint={t('businesses.rateHint')} error={errors.commissionRate} required>
          <Input inputMode="decimal" value={newRate} onChange={(e) => setNewRate(e.target.value)} />
        </Field>
        <Button type="submit" variant="outline" disabled={action.isPending}>
          {t('businesses.saveRate')}
        </Button>
      </form>
      <div className="flex flex-col gap-3">
        <Field label={t('businesses.reason')} hint={t('businesses.reasonHint')} error={errors.reason}>
          <Input value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        {isActive ? (
          <ConfirmDialog
            trigger={
              <Button variant="destructive" disabled={action.isPending}>
                {t('businesses.deactivate')}
              </Button>
            }
            title={t('businesses.deactivateTitle', { name: businessName })}
            description={t('businesses.deactivateLead')}
            confirmLabel={t('businesses.deactivate')}
            cancelLabel={t('businesses.keepActive')}
            onConfirm={() =>
              action.mutate(
                { kind: 'deactivate', body: { reason: reason.trim() || undefined } },
                { onSuccess: () => toast.success(t('businesses.deactivated', { name: businessName })), onError },
              )
            }
          />
        ) : (
          <Button
            disabled={action.isPending || !isApproved}
            onClick={() => action.mutate({ kind: 'reactivate', body: { reason: reason.trim() || undefined } }, { onSuccess: () => toast.success(t('businesses.reactivated')), onError })}
          >
            {t('businesses.reactivate')}
          </Button>
        )}
        <p className="text-sm text-muted">{isActive ? t('businesses.deactivateHint') : isApproved ? t('businesses.reactivateHint') : t('businesses.notApprovedHint')}</p>
      </div>
    </div>
  );
}
