import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';

/**
 * Created with the /app chunk (the landing page never loads TanStack Query). Client errors
 * (4xx) are not retried: asking again gives the same answer. Every failure is reported
 * through `onError` (a destructive toast), once per failed request.
 */
export function createConsumerQueryClient(onError: (error: unknown) => void) {
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
