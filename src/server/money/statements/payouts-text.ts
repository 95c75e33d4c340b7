import type { Locale } from '@shared/locale';
import { catalogueText } from '../../platform/catalogues';

/**
 * The statement's CSV and email are written by the server from the same `payouts`
 * catalogues the web app loads (platform/catalogues.ts), so the catalogue tests (every key in
 * every language) cover them too.
 */
export type StatementLanguage = Locale;

/** `{{name}}` placeholders, as i18next renders them; a missing key is a bug, so it throws. */
export function statementText(language: StatementLanguage): (key: string, values?: Record<string, string>) => string {
  return catalogueText('payouts', language);
}
