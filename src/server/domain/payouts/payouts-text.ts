import en from '@web/locales/en/payouts.json';
import es from '@web/locales/es/payouts.json';

/**
 * The statement's CSV and email are written by the server from the same `payouts`
 * catalogues the web app bundles, so the catalogue tests (same keys in both languages)
 * cover them too.
 */
export type StatementLanguage = 'en' | 'es';

interface Catalogue {
  [key: string]: string | Catalogue;
}
const catalogues: Record<StatementLanguage, Catalogue> = { en, es };

/** `{{name}}` placeholders, as i18next renders them; a missing key is a bug, so it throws. */
export function statementText(language: StatementLanguage): (key: string, values?: Record<string, string>) => string {
  return (key, values = {}) => {
    let node: string | Catalogue | undefined = catalogues[language];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`Missing payouts text ${language}:${key}`);
    return node.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
  };
}
