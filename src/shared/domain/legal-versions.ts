/**
 * The version of each legal text: the date it took its current wording (ADR 059). A page
 * shows it; an acceptance stores it (`checkouts.terms_version` for the terms of sale,
 * `businesses.partner_terms_version` for the partner agreement), so a later wording never
 * changes what someone agreed to. Change the date together with the text it names.
 */
export const legalPages = ['terms', 'legal', 'cookies', 'accessibility', 'partner-terms', 'withdrawal-form'] as const;
export type LegalPage = (typeof legalPages)[number];

export const LEGAL_VERSIONS: Record<LegalPage, string> = {
  terms: '2026-12-06',
  legal: '2026-11-27',
  cookies: '2026-11-27',
  accessibility: '2026-11-27',
  'partner-terms': '2026-11-27',
  'withdrawal-form': '2026-12-06',
};

/**
 * When the privacy policy (the app's `/privacy`, texts in the `privacy` catalogue) last took
 * new wording: the sitemap's `lastmod`. The page itself shows today's date, as the
 * specification asks; change this date with the texts.
 */
export const PRIVACY_POLICY_DATE = '2026-11-27';

/** What a giver accepts by paying (POST /api/checkouts sends it; any other value is refused). */
export const TERMS_VERSION = LEGAL_VERSIONS.terms;
/** What a business accepts on the sign-up wizard's third step. */
export const PARTNER_TERMS_VERSION = LEGAL_VERSIONS['partner-terms'];
