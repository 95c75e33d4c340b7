import { FORMAT_TAGS, type Locale } from '@shared/locale';
import { elideDeBefore } from '@shared/valencian-de';
import { oneFullStop } from '@shared/sentence-stop';
import enCommon from '@shared/locales/en/common.json';
import enCookies from '@shared/locales/en/cookies.json';
import enDistricts from '@shared/locales/en/districts.json';
import enGift from '@shared/locales/en/gift.json';
import enInvoiceDocument from '@shared/locales/en/invoice-document.json';
import enLanding from '@shared/locales/en/landing.json';
import enLegal from '@shared/locales/en/legal.json';
import enPayouts from '@shared/locales/en/payouts.json';
import enReport from '@shared/locales/en/report.json';
import enShop from '@shared/locales/en/shop.json';
import esCommon from '@shared/locales/es/common.json';
import esCookies from '@shared/locales/es/cookies.json';
import esDistricts from '@shared/locales/es/districts.json';
import esGift from '@shared/locales/es/gift.json';
import esInvoiceDocument from '@shared/locales/es/invoice-document.json';
import esLanding from '@shared/locales/es/landing.json';
import esLegal from '@shared/locales/es/legal.json';
import esPayouts from '@shared/locales/es/payouts.json';
import esReport from '@shared/locales/es/report.json';
import esShop from '@shared/locales/es/shop.json';
import vaCommon from '@shared/locales/va/common.json';
import vaCookies from '@shared/locales/va/cookies.json';
import vaDistricts from '@shared/locales/va/districts.json';
import vaGift from '@shared/locales/va/gift.json';
import vaInvoiceDocument from '@shared/locales/va/invoice-document.json';
import vaLanding from '@shared/locales/va/landing.json';
import vaLegal from '@shared/locales/va/legal.json';
import vaPayouts from '@shared/locales/va/payouts.json';
import vaReport from '@shared/locales/va/report.json';
import vaShop from '@shared/locales/va/shop.json';

/**
 * The catalogues the server renders texts from (server-rendered pages, documents, mails): the
 * same files the web app loads (src/shared/locales, ADR 068), one `Record<Locale, …>` per
 * namespace, so a language without its file is a compiler error here rather than a page that
 * silently falls back to another language. `locales/catalogues.test.ts` checks every language
 * has every key. A namespace the server starts to read is added here, in every language.
 */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

const all = {
  common: { en: enCommon, es: esCommon, va: vaCommon },
  cookies: { en: enCookies, es: esCookies, va: vaCookies },
  districts: { en: enDistricts, es: esDistricts, va: vaDistricts },
  gift: { en: enGift, es: esGift, va: vaGift },
  'invoice-document': { en: enInvoiceDocument, es: esInvoiceDocument, va: vaInvoiceDocument },
  landing: { en: enLanding, es: esLanding, va: vaLanding },
  legal: { en: enLegal, es: esLegal, va: vaLegal },
  payouts: { en: enPayouts, es: esPayouts, va: vaPayouts },
  report: { en: enReport, es: esReport, va: vaReport },
  shop: { en: enShop, es: esShop, va: vaShop },
} satisfies Record<string, Record<Locale, Catalogue>>;
export type Namespace = keyof typeof all;

/** A namespace's catalogue in every language. */
export function catalogues<N extends Namespace>(namespace: N): (typeof all)[N] {
  return all[namespace];
}

/** The text or group at a dotted key, or undefined. */
export function nodeAt(catalogue: Catalogue, key: string): string | Catalogue | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}

export type Values = Record<string, string | number>;
/** What a `{{name}}` with no value becomes: kept as written, or a thrown error (documents that must not print one). */
export type MissingValue = 'keep' | 'throw';

/** `{{name}}` placeholders filled in, as i18next renders them (and `lib/text.ts` in the browser). */
export function fillPlaceholders(text: string, values: Values, key: string, missing: MissingValue = 'keep'): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value !== undefined) return String(value);
    if (missing === 'throw') throw new Error(`No value for {{${name}}} in text ${key}`);
    return placeholder;
  });
}

export type CatalogueText = (key: string, values?: Values) => string;

/**
 * The texts of one namespace in one language: `{{name}}` placeholders, and the `_one`/`_other`
 * plural form for a numeric `count`, as i18next renders them. A missing key is a bug, so it throws.
 */
export function catalogueText(namespace: Namespace, locale: Locale, missing: MissingValue = 'keep'): CatalogueText {
  const catalogue: Catalogue = all[namespace][locale];
  let plural: Intl.PluralRules | undefined;
  return (key, values = {}) => {
    const count = values.count;
    let node: string | Catalogue | undefined;
    if (typeof count === 'number') {
      plural ??= new Intl.PluralRules(FORMAT_TAGS[locale]);
      node = nodeAt(catalogue, `${key}_${plural.select(count)}`);
    }
    if (typeof node !== 'string') node = nodeAt(catalogue, key);
    if (typeof node !== 'string') throw new Error(`Missing ${namespace} text ${locale}:${key}`);
    // Valencian writes "d’" before a name starting with a vowel, which the catalogue cannot know.
    return oneFullStop(fillPlaceholders(locale === 'va' ? elideDeBefore(node, values) : node, values, key, missing));
  };
}
