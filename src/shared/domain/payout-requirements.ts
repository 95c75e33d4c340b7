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
