import type { Locale } from '@shared/locale';
import { catalogueText } from '../../platform/catalogues';

/**
 * The invoice document's words come from the `invoice-document` catalogues (every key in every
 * language, checked by locales/catalogues.test.ts). The Spanish ones are the legal text;
 * the others only ever stand beside them (ADR 063).
 */
export type InvoiceLanguage = Locale;

/** `{{name}}` placeholders, as i18next renders them; a missing key or value is a bug, so it throws. */
export function invoiceText(language: InvoiceLanguage): (key: string, values?: Record<string, string>) => string {
  return catalogueText('invoice-document', language, 'throw');
}
