import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { apiErrorMessage } from './api-error-message';

/**
 * Loading, error and data states of one query, the same way in every tab. A failed load
 * also raises a destructive toast (see useErrorToasts); here it stays visible with a retry.
 */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('app');
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-danger-600/30 bg-danger-50 p-4">
        <p className="text-danger-700">{apiErrorMessage(t, query.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex justify-center p-8">
      <Spinner label={t('common.loading')} />
    </div>
  );
}
