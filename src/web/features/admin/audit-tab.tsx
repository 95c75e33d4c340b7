import { useState } from 'react';
import { useText } from '@web/lib/text';
import { adminAuditActions, adminAuditTargets } from '@shared/domain/admin-audit';
import { formatDateTime } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input, controlClasses } from '@web/components/ui/input';
import { useAudit } from './api';
import { apiErrorMessage } from '@web/lib/api-error';
import { describeAuditChange } from './describe-audit-change';
import { Pager } from '@web/components/pager';

const empty = { action: '', targetType: '', targetId: '', actor: '' };

export function AuditTab() {
  const { t, language } = useText('admin');
  const [form, setForm] = useState(empty);
  const [applied, setApplied] = useState(empty);
  const [page, setPage] = useState(1);
  const query = useAudit({ ...applied, page: String(page) });
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        aria-label={t('audit.search')}
        className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setApplied({ ...form, targetId: form.targetId.trim(), actor: form.actor.trim() });
        }}
      >
        <Field label={t('audit.action')}>
          <select className={controlClasses} value={form.action} onChange={set('action')}>
            <option value="">{t('any')}</option>
            {adminAuditActions.map((a) => (
              <option key={a} value={a}>
                {t(`actions.${a}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('audit.targetType')}>
          <select className={controlClasses} value={form.targetType} onChange={set('targetType')}>
            <option value="">{t('any')}</option>
            {adminAuditTargets.map((a) => (
              <option key={a} value={a}>
                {t(`targets.${a}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('audit.targetId')}>
          <Input value={form.targetId} onChange={set('targetId')} autoComplete="off" />
        </Field>
        <Field label={t('audit.actor')}>
          <Input value={form.actor} onChange={set('actor')} />
        </Field>
        <Button type="submit">{t('search')}</Button>
      </form>
      {query.data ? (
        <>
          {query.data.items.length === 0 ? (
            <p className="text-muted">{t('audit.empty')}</p>
          ) : (
            <ol className="flex flex-col gap-2" data-testid="audit-list">
              {query.data.items.map((row) => (
                <li key={row.id} className="rounded-xl border border-line bg-white p-3 text-sm">
                  <p className="flex flex-wrap gap-2">
                    <span className="font-semibold">{t(`actions.${row.action}`)}</span>
                    <span className="text-muted">{formatDateTime(row.createdAt, language)}</span>
                    <span>{t('audit.by', { who: row.actorEmail })}</span>
                  </p>
                  <p className="break-words">
                    {t(`targets.${row.targetType}`)}: <span className="font-medium">{row.targetLabel ?? t('audit.unknownTarget')}</span>{' '}
                    {/* The id stays for searching by it, small: the name is what people read. */}
                    <span className="break-all text-xs text-muted">{row.targetId}</span>
                  </p>
                  <ul className="mt-1 flex flex-col gap-0.5" data-testid="audit-change">
                    {describeAuditChange(row.before, row.after, t, language).map((line) => (
                      <li key={line.field} className="break-words">
                        <span className="text-muted">{line.field}:</span> {line.from === null ? line.to : `${line.from} → ${line.to ?? '—'}`}
                      </li>
                    ))}
                  </ul>
                  {row.reason ? <p className="whitespace-pre-line">{t('audit.reason', { reason: row.reason })}</p> : null}
                </li>
              ))}
            </ol>
          )}
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
