import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationQueue } from '@shared/contracts/admin';
import { formatDateTime } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { useApplications, useBusinessAction } from './api';
import { adminErrorMessage, adminFieldErrors } from './api-error';
import { ApplicationHistory, BusinessFacts } from './business-facts';

export function ApplicationsTab() {
  const { t } = useTranslation('admin');
  const query = useApplications();
  if (!query.data) {
    return (
      <QueryFallback
        error={query.isError ? adminErrorMessage(query.error) : null}
        onRetry={() => void query.refetch()}
        retryLabel={t('retry')}
        loadingLabel={t('loading')}
      />
    );
  }
  const { items, defaultCommissionRate } = query.data;
  if (items.length === 0) return <p className="rounded-2xl border border-line bg-white p-6 text-center text-muted">{t('applications.empty')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('applications.lead', { count: items.length })}</p>
      {items.map((item) => (
        <ApplicationCard key={item.application.id} item={item} defaultRate={defaultCommissionRate} />
      ))}
    </div>
  );
}

function ApplicationCard({ item, defaultRate }: { item: ApplicationQueue['items'][number]; defaultRate: number }) {
  const { t } = useTranslation('admin');
  const { application, business, history } = item;
  return (
    <Card data-testid="application" data-business-id={business.id}>
      <CardHeader>
        <CardTitle as="h2">{business.name}</CardTitle>
        <CardDescription>
          {t(`kinds.${application.kind}`)} · {t('applications.submitted', { date: formatDateTime(application.submittedAt) })}
          {application.changedFields.length > 0
            ? ` · ${t('history.changed', { fields: application.changedFields.map((f) => t(`changedFields.${f}`, { defaultValue: f })).join(', ') })}`
            : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <BusinessFacts business={business} />
        <ApplicationHistory applications={history} />
        <Decision businessId={business.id} businessName={business.name} defaultRate={business.verificationStatus === 'pending' && application.kind === 'identity_change' ? business.commissionRate : defaultRate} />
      </CardContent>
    </Card>
  );
}

function Decision({ businessId, businessName, defaultRate }: { businessId: string; businessName: string; defaultRate: number }) {
  const { t } = useTranslation('admin');
  const action = useBusinessAction(businessId);
  const [rate, setRate] = useState(String(defaultRate));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const approve = () => {
    const value = Number(rate.replace(',', '.'));
    if (rate.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
      setErrors({ commissionRate: t('fieldErrors.invalidRate') });
      return;
    }
    setErrors({});
    action.mutate(
      { kind: 'approve', body: { commissionRate: value } },
      {
        onSuccess: () => toast.success(t('applications.approved', { name: businessName })),
        onError: (error) => setErrors(adminFieldErrors(error)),
      },
    );
  };
  const reject = () => {
    if (reason.trim() === '') {
      setErrors({ reason: t('fieldErrors.required') });
      return;
    }
    setErrors({});
    action.mutate(
      { kind: 'reject', body: { reason: reason.trim() } },
      {
        onSuccess: () => toast.success(t('applications.rejected', { name: businessName })),
        onError: (error) => setErrors(adminFieldErrors(error)),
      },
    );
  };

  return (
    <div className="grid gap-4 rounded-2xl bg-sand-100 p-4 md:grid-cols-2">
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          approve();
        }}
      >
        <Field label={t('applications.rate')} hint={t('applications.rateHint')} error={errors.commissionRate} required>
          <Input inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
        </Field>
        <Button type="submit" disabled={action.isPending}>
          {t('applications.approve')}
        </Button>
      </form>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          reject();
        }}
      >
        <Field label={t('applications.reason')} hint={t('applications.reasonHint')} error={errors.reason} required>
          <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <Button type="submit" variant="destructive" disabled={action.isPending}>
          {t('applications.reject')}
        </Button>
      </form>
    </div>
  );
}
