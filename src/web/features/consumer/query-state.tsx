import type { UseQueryResult } from '@tanstack/react-query';
import { useText } from '@web/lib/text';
import type { ReactNode } from 'react';
import { QueryFallback } from '@web/components/query-fallback';
import { apiErrorMessage } from '@web/lib/api-error';

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
  const { t } = useText('app');
  if (query.data !== undefined) return <>{children(query.data)}</>;
  return (
    <QueryFallback
      error={query.isError ? apiErrorMessage(query.error, 'app') : null}
      onRetry={() => void query.refetch()}
      retryLabel={t('common.retry')}
      loadingLabel={t('common.loading')}
    />
  );
}
