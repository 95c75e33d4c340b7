import en from '@web/locales/en/invoice-document.json';
import es from '@web/locales/es/invoice-document.json';

/**
 * The invoice document's words come from the `invoice-document` catalogues (same keys in both
 * languages, checked by locales/catalogues.test.ts). The Spanish ones are the legal text;
 * the English ones only ever stand beside them (ADR 063).
 */
export type InvoiceLanguage = 'en' | 'es';

interface Catalogue {
  [key: string]: string | Catalogue;
}
const catalogues: Record<InvoiceLanguage, Catalogue> = { en, es };

/** `{{name}}` placeholders, as i18next renders them; a missing key or value is a bug, so it throws. */
export function invoiceText(language: InvoiceLanguage): (key: string, values?: Record<string, string>) => string {
  return (key, values = {}) => {
    let node: string | Catalogue | undefined = catalogues[language];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`Missing invoice text ${language}:${key}`);
    return node.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_placeholder, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`No value for {{${name}}} in invoice text ${key}`);
      return value;
    });
  };
}
