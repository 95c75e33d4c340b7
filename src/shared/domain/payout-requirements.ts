/**
 * The payment provider's requirement names an owner is most likely to meet, each with its
 * plain words in the `payouts` catalogue (`account.requirements.<name with _>`) and the `admin` one (`payouts.requirementNames.<name with _>`); any other
 * name is shown as the provider wrote it, so nothing it asks for is hidden.
 */
export const PLAIN_REQUIREMENTS = ['external_account', 'individual.id_number', 'individual.verification.document', 'tos_acceptance.date', 'business_profile.url'] as const;

/**
 * The catalogue key for a requirement's plain words under `prefix` (the owner's `account.requirements`,
 * the team's `payouts.requirementNames`), or null for one we have no words for.
 */
export function requirementTextKey(requirement: string, prefix = 'account.requirements'): string | null {
  return (PLAIN_REQUIREMENTS as readonly string[]).includes(requirement) ? `${prefix}.${requirement.replace(/\./g, '_')}` : null;
}

/**
 * Why the provider stopped an account (Stripe's `disabled_reason`), each with plain words in
 * the `payouts` catalogue (`account.disabledReasons.<name with _>`) and the `admin` one
 * (`payouts.disabledReasons.<name with _>`); any other reason is shown as the provider wrote it.
 */
export const PLAIN_DISABLED_REASONS = [
  'requirements.past_due',
  'requirements.pending_verification',
  'under_review',
  'platform_paused',
  'listed',
  'rejected.fraud',
  'rejected.listed',
  'rejected.terms_of_service',
  'rejected.other',
  'other',
] as const;

/** The catalogue key for a disabled reason's plain words under `prefix`, or null for one we have no words for. */
export function disabledReasonTextKey(reason: string, prefix = 'account.disabledReasons'): string | null {
  return (PLAIN_DISABLED_REASONS as readonly string[]).includes(reason) ? `${prefix}.${reason.replace(/\./g, '_')}` : null;
}
