import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';

/**
 * One client per onboarding page (created with its lazy chunk, so public pages never load
 * TanStack Query). Client errors are not retried: asking again gives the same answer; each
 * page decides how to show a failure, because the specification gives them different
 * messages (the 'Authentication failed' card, loginRequired, registrationError…).
 */
export function createOnboardingQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const onboardingKeys = {
  confirmSession: ['business-onboarding', 'confirm-session'] as const,
  passwordStatus: ['business-onboarding', 'password-status'] as const,
  documents: ['business-onboarding', 'documents'] as const,
};
