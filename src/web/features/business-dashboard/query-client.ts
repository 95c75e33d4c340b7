import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';

/**
 * Created with the dashboard chunk. Client errors (4xx) are not retried: asking again gives
 * the same answer. Failures are reported through `onError` (the destructive toast the
 * specification asks for); forms also show the server's field errors on their fields.
 */
export function createDashboardQueryClient(onError: (error: unknown) => void) {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}
