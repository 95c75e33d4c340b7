import { useState } from 'react';
import { useText } from '@web/lib/text';
import { orderStatuses } from '@shared/domain/order-status';
import { QueryFallback } from '@web/components/query-fallback';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input, controlClasses } from '@web/components/ui/input';
import { useOrders } from './api';
import { apiErrorMessage } from '@web/lib/api-error';
import { apiFieldMessages } from '@web/lib/api-field-messages';
import { OrderTable } from './order-table';
import { Pager } from '@web/components/pager';

const empty = { code: '', recipient: '', buyer: '', business: '', status: '', from: '', to: '' };

export function OrdersTab({ initialBusiness }: { initialBusiness: string }) {
  const { t } = useText('admin');
  const [form, setForm] = useState({ ...empty, business: initialBusiness });
  const [applied, setApplied] = useState({ ...empty, business: initialBusiness });
  const [page, setPage] = useState(1);
  const query = useOrders({ ...applied, page: String(page) });
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const fieldErrors = query.isError ? apiFieldMessages(query.error, 'admin') : {};

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        aria-label={t('orders.search')}
        className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setApplied({ ...form });
        }}
      >
        <Field label={t('orders.code')} hint={t('orders.codeHint')}>
          <Input value={form.code} onChange={set('code')} autoComplete="off" />
        </Field>
        <Field label={t('orders.recipient')}>
          <Input value={form.recipient} onChange={set('recipient')} />
        </Field>
        <Field label={t('orders.buyer')}>
          <Input value={form.buyer} onChange={set('buyer')} />
        </Field>
        <Field label={t('orders.business')}>
          <Input value={form.business} onChange={set('business')} />
        </Field>
        <Field label={t('fields.status')}>
          <select className={controlClasses} value={form.status} onChange={set('status')}>
            <option value="">{t('any')}</option>
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`orderStatus.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('orders.fromDate')} error={fieldErrors.from}>
          <Input type="date" value={form.from} onChange={set('from')} />
        </Field>
        <Field label={t('orders.toDate')} error={fieldErrors.to}>
          <Input type="date" value={form.to} onChange={set('to')} />
        </Field>
        <Button type="submit">{t('search')}</Button>
      </form>
      {query.data ? (
        <>
          <OrderTable orders={query.data.items} />
          <Pager page={query.data.page} pageSize={query.data.pageSize} total={query.data.total} onPage={setPage} label={t('pager.label')} texts="admin" />
        </>
      ) : (
        <QueryFallback
          error={query.isError ? apiErrorMessage(query.error, 'admin') : null}
          onRetry={() => void query.refetch()}
          retryLabel={t('retry')}
          loadingLabel={t('loading')}
        />
      )}
    </div>
  );
}
