import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useText } from '@web/lib/text';
import type { ApplicationQueue, approveBodySchema, rejectBodySchema } from '@shared/contracts/admin';
import { formatDateTime } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { returnFocus } from '@web/components/ui/return-focus';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { useApplications, useBusinessAction } from './api';
import { apiErrorMessage, apiFieldErrors } from '@web/lib/api-error';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { rateText, setServerFieldErrors, useFieldError, withTypedRate } from './forms';
import { ApplicationHistory, BusinessFacts } from './business-facts';

export function ApplicationsTab() {
  const { t } = useText('admin');
  const query = useApplications();
  const list = useRef<HTMLDivElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  // A decision removes its card, and with it the focused Approve/Reject button: focus fell to
  // <body> and the next Tab restarted at the skip link (WCAG 2.4.3). The position of the
  // decided card is kept until the list has changed, then the card now in its place (or the
  // last one, or the "nobody is waiting" message) gets focus.
  const decidedAt = useRef<number | null>(null);
  const items = query.data?.items;
  useEffect(() => {
    const index = decidedAt.current;
    if (index === null || !items) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    decidedAt.current = null;
    const headings = list.current?.querySelectorAll<HTMLElement>('[data-application-heading]') ?? [];
    returnFocus(headings[Math.min(index, headings.length - 1)] ?? empty.current);
  }, [items]);
  if (!query.data) {
    return (
      <QueryFallback
        error={query.isError ? apiErrorMessage(query.error, 'admin') : null}
        onRetry={() => void query.refetch()}
        retryLabel={t('retry')}
        loadingLabel={t('loading')}
      />
    );
  }
  const { defaultCommissionRate } = query.data;
  if (query.data.items.length === 0) {
    return (
      <p ref={empty} tabIndex={-1} className="rounded-2xl border border-line bg-white p-6 text-center text-muted">
        {t('applications.empty')}
      </p>
    );
  }
  return (
    <div ref={list} className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('applications.lead', { count: query.data.items.length })}</p>
      {query.data.items.map((item, index) => (
        <ApplicationCard
          key={item.application.id}
          item={item}
          defaultRate={defaultCommissionRate}
          onDeciding={() => (decidedAt.current = index)}
        />
      ))}
    </div>
  );
}

function ApplicationCard({
  item,
  defaultRate,
  onDeciding,
}: {
  item: ApplicationQueue['items'][number];
  defaultRate: number;
  onDeciding: () => void;
}) {
  const { t, language } = useText('admin');
  const { application, business, history } = item;
  return (
    <Card data-testid="application" data-business-id={business.id}>
      <CardHeader>
        <CardTitle as="h2" tabIndex={-1} data-application-heading="">
          {business.name}
        </CardTitle>
        <CardDescription>
          {t(`kinds.${application.kind}`)} · {t('applications.submitted', { date: formatDateTime(application.submittedAt, language) })}
          {application.changedFields.length > 0
            ? ` · ${t('history.changed', { fields: application.changedFields.map((f) => t(`changedFields.${f}`, { defaultValue: f })).join(', ') })}`
            : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <BusinessFacts business={business} />
        <ApplicationHistory applications={history} />
        <Decision businessId={business.id} businessName={business.name} onDeciding={onDeciding} defaultRate={business.verificationStatus === 'pending' && application.kind === 'identity_change' ? business.commissionRate : defaultRate} />
      </CardContent>
    </Card>
  );
}

// The contracts the server decides with, loaded on a form's first focus (ADR 039).
const approveForm = lazyZodResolver(() => import('@shared/contracts/admin').then((m) => m.approveBodySchema));
const approveResolver = withTypedRate(approveForm.resolver);
const rejectForm = lazyZodResolver(() => import('@shared/contracts/admin').then((m) => m.rejectBodySchema));
type ApproveValues = { commissionRate: string; notes?: string };

function Decision({
  businessId,
  businessName,
  defaultRate,
  onDeciding,
}: {
  businessId: string;
  businessName: string;
  defaultRate: number;
  onDeciding: () => void;
}) {
  const { t } = useText('admin');
  const action = useBusinessAction(businessId);
  const approve = useForm<ApproveValues, unknown, z.output<typeof approveBodySchema>>({
    resolver: approveResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { commissionRate: rateText(defaultRate) },
  });
  const reject = useForm<{ reason: string }, unknown, z.output<typeof rejectBodySchema>>({
    resolver: rejectForm.resolver,
    reValidateMode: 'onSubmit',
    defaultValues: { reason: '' },
  });
  const approveError = useFieldError(approve.formState.errors);
  const rejectError = useFieldError(reject.formState.errors);
  // The server's answer lands on the field it names, whichever form that is in.
  const onError = (error: unknown) => {
    const fields = apiFieldErrors(error);
    setServerFieldErrors(approve.setError, fields, ['commissionRate']);
    setServerFieldErrors(reject.setError, fields, ['reason']);
  };
  // Each sends what the contract read: the rate as a number, the reason trimmed.
  const approveSubmit = approve.handleSubmit((values) => {
    onDeciding();
    action.mutate(
      { kind: 'approve', body: { commissionRate: values.commissionRate } },
      { onSuccess: () => toast.success(t('applications.approved', { name: businessName })), onError },
    );
  });
  const rejectSubmit = reject.handleSubmit((values) => {
    onDeciding();
    action.mutate(
      { kind: 'reject', body: { reason: values.reason } },
      { onSuccess: () => toast.success(t('applications.rejected', { name: businessName })), onError },
    );
  });

  return (
    <div className="grid gap-4 rounded-2xl bg-sand-100 p-4 md:grid-cols-2">
      <form
        className="flex flex-col gap-3"
        noValidate
        onFocus={approveForm.preload}
        onSubmit={(event) => {
          // A decision tried clears what the other form said.
          reject.clearErrors();
          void approveSubmit(event);
        }}
      >
        <Field label={t('applications.rate')} hint={t('applications.rateHint')} error={approveError('commissionRate')} required>
          <Input inputMode="decimal" {...approve.register('commissionRate')} />
        </Field>
        <Button type="submit" disabled={action.isPending}>
          {t('applications.approve')}
        </Button>
      </form>
      <form
        className="flex flex-col gap-3"
        noValidate
        onFocus={rejectForm.preload}
        onSubmit={(event) => {
          approve.clearErrors();
          void rejectSubmit(event);
        }}
      >
        <Field label={t('applications.reason')} hint={t('applications.reasonHint')} error={rejectError('reason')} required>
          <Textarea rows={3} {...reject.register('reason')} />
        </Field>
        <Button type="submit" variant="destructive" disabled={action.isPending}>
          {t('applications.reject')}
        </Button>
      </form>
    </div>
  );
}
