import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The TanStack Query client of a signed-in area, created inside that area's lazy chunk (the
 * public pages never load TanStack Query). Client errors (4xx) are not retried: asking again
 * gives the same answer. With `onError` (given the query or mutation, whose `meta` it may
 * read), every failed request is reported once (the
 * destructive toast of the specification); without it each screen shows its own message.
 */
export function createAppQueryClient(onError?: (error: unknown, ...sources: unknown[]) => void) {
  return new QueryClient({
    ...(onError ? { queryCache: new QueryCache({ onError }), mutationCache: new MutationCache({ onError }) } : {}),
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
