import { formatPercent } from '@shared/format';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useText } from '@web/lib/text';
import { businessCategories, verificationStatuses } from '@shared/domain/business';
import { QueryFallback } from '@web/components/query-fallback';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input, controlClasses } from '@web/components/ui/input';
import { useBusinesses } from './api';
import { adminErrorMessage } from './api-error';
import { BusinessDetail } from './business-detail';
import { Pager } from './pager';

export function BusinessesTab({ openId, onOpen, onOrders }: { openId: string | null; onOpen: (id: string | null) => void; onOrders: (name: string) => void }) {
  const { t } = useText('admin');
  if (openId) {
    return (
      <div className="flex flex-col gap-4">
        <Button variant="ghost" size="sm" className="self-start" onClick={() => onOpen(null)}>
          <ArrowLeft aria-hidden="true" />
          {t('businesses.back')}
        </Button>
        <BusinessDetail id={openId} onOrders={onOrders} />
      </div>
    );
  }
  return <BusinessList onOpen={onOpen} />;
}

function BusinessList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useText('admin');
  const { t: common } = useText('common');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [applied, setApplied] = useState({ q: '', status: '', category: '' });
  const query = useBusinesses({ ...applied, page: String(page) });

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        aria-label={t('businesses.search')}
        className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-4 sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setApplied({ q: q.trim(), status, category });
        }}
      >
        <Field label={t('businesses.q')}>
          <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </Field>
        <Field label={t('fields.status')}>
          <select className={controlClasses} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t('any')}</option>
            {[...verificationStatuses, 'inactive' as const].map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('fields.category')}>
          <select className={controlClasses} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{t('any')}</option>
            {businessCategories.map((c) => (
              <option key={c} value={c}>
                {common(`categories.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit">{t('search')}</Button>
      </form>
      {query.data ? (
        <>
          {query.data.items.length === 0 ? (
            <p className="text-muted">{t('businesses.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {query.data.items.map((b) => (
                <li key={b.id}>
                  <button
                    type="button"
                    onClick={() => onOpen(b.id)}
                    className="flex w-full flex-wrap items-center gap-2 rounded-xl border border-line bg-white p-3 text-left hover:bg-sand-100"
                  >
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-semibold">{b.name}</span>
                      <span className="text-sm text-muted">
                        {common(`categories.${b.category}`)} · {b.ownerEmail ?? t('noOwner')} · {formatPercent(b.commissionRate)}
                      </span>
                    </span>
                    <Badge variant={b.verificationStatus === 'approved' ? 'success' : b.verificationStatus === 'rejected' ? 'destructive' : 'warning'}>
                      {t(`status.${b.verificationStatus}`)}
                    </Badge>
                    <Badge variant={b.isActive ? 'info' : 'neutral'}>{b.isActive ? t('active') : t('inactive')}</Badge>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Pager page={query.data.page} pageSize={query.data.pageSize} total={query.data.total} onPage={setPage} />
        </>
      ) : (
        <QueryFallback
          error={query.isError ? adminErrorMessage(query.error) : null}
          onRetry={() => void query.refetch()}
          retryLabel={t('retry')}
          loadingLabel={t('loading')}
        />
      )}
    </div>
  );
}
