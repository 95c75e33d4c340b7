import { createAppQueryClient } from '@web/lib/query-client';

/**
 * One client per onboarding page. No shared error handler: each page decides how to show a
 * failure, because the specification gives them different messages (the 'Authentication
 * failed' card, loginRequired, registrationError…).
 */
export function createOnboardingQueryClient() {
  return createAppQueryClient();
}

export const onboardingKeys = {
  confirmSession: ['business-onboarding', 'confirm-session'] as const,
  passwordStatus: ['business-onboarding', 'password-status'] as const,
  documents: ['business-onboarding', 'documents'] as const,
  signupDraft: ['business-onboarding', 'signup-draft'] as const,
};
