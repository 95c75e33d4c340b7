import { useCallback, useSyncExternalStore } from 'react';
import { FORMAT_TAGS } from '@shared/locale';
import { elideDeBefore } from '@shared/valencian-de';
import { oneFullStop } from '@shared/sentence-stop';
import { beforeLanguageChange, getLanguage, useLanguage, type Language } from './language';

/**
 * The app's translation runtime, for every page: the shared furniture and each area (ADRs 015, 039, 045, 046). i18next would cost each first load about 19 KB gzip,
 * so this reads the catalogues with i18next's rules — nested keys, `{{name}}` placeholders,
 * `_one` / `_other` plural forms picked by `count`, a default value — and
 * `lib/text-parity.test.ts` checks they produce exactly what i18next produces for every
 * key of every catalogue. There is no fallback namespace: a key lives in the namespace read.
 */

export interface Catalogue {
  [key: string]: string | Catalogue;
}

export type TextOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type Translate = (key: string, options?: TextOptions | string) => string;

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(language: Language, count: number) {
  let rules = pluralRules.get(language);
  // By the language's formatting tag: `va` is not a tag Intl knows, Catalan (`ca-ES`) is.
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(FORMAT_TAGS[language])));
  return rules.select(count);
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** One key of one catalogue, as i18next would render it; the key itself when it is missing. */
export function translate(catalogue: Catalogue | undefined, language: Language, key: string, options?: TextOptions | string): string {
  const values: TextOptions = typeof options === 'string' ? { defaultValue: options } : (options ?? {});
  let template: string | undefined;
  if (typeof values.count === 'number') {
    template =
      (values.count === 0 ? lookup(catalogue, `${key}_zero`) : undefined) ??
      lookup(catalogue, `${key}_${pluralCategory(language, values.count)}`);
  }
  template ??= lookup(catalogue, key) ?? values.defaultValue ?? key;
  // The one rule beyond i18next's: Valencian's "de {{name}}" is "d’" before a vowel (the
  // parity test's sample values start with no vowel, so it compares the rest unchanged).
  if (language === 'va') template = elideDeBefore(template, values);
  // Like i18next with escapeValue off (React escapes); a placeholder without a value stays.
  const filled = template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value as string | number);
  });
  // And one beyond it: a name ending in "S.L." closes the sentence with one stop.
  return oneFullStop(filled);
}

type CatalogueLoader = () => Promise<{ default: Catalogue }>;
/**
 * The catalogues by `./<language>/<namespace>.json`: here only the page furniture's
 * (`SHELL_NAMESPACES`), in every language, since every page downloads this map and all the
 * catalogues would cost it ≈ 0.7 KB gzip (ADR 068). The app's entry registers all of them (`all-catalogues.ts`) before its first render; anything else
 * that asks for another namespace first loads that map.
 */
const loaders: Record<string, CatalogueLoader> = import.meta.glob<{ default: Catalogue }>('./*/{common,cookies}.json', {
  base: '../../shared/locales',
});

export function registerCatalogues(more: Record<string, CatalogueLoader>) {
  Object.assign(loaders, more);
}

function catalogueLoader(id: string): CatalogueLoader | undefined {
  const key = `./${id}.json`;
  if (loaders[key]) return loaders[key];
  return () =>
    import('./all-catalogues').then(({ catalogueLoaders }) => {
      registerCatalogues(catalogueLoaders);
      const load = loaders[key];
      return load ? load() : Promise.reject(new Error(`No catalogue ${id}`));
    });
}
const catalogues = new Map<string, Catalogue>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
/** Namespaces some component has asked for: a language change loads them first. */
const namespacesInUse = new Set<string>();

function loadCatalogue(language: Language, namespace: string): Promise<void> {
  const id = `${language}/${namespace}`;
  let promise = loading.get(id);
  if (!promise) {
    promise = catalogueLoader(id)!().then((module) => {
      catalogues.set(id, module.default);
      for (const listener of listeners) listener();
    });
    // Kept even when it failed: React's `use` needs the same promise on every render, and
    // the error boundary's reload is the way to retry.
    loading.set(id, promise);
  }
  return promise;
}

/** Starts loading catalogues early, e.g. before the app's first render. */
export function loadText(language: Language, namespaces: readonly string[]): Promise<void> {
  for (const namespace of namespaces) namespacesInUse.add(namespace);
  return Promise.all(namespaces.map((namespace) => loadCatalogue(language, namespace))).then(() => undefined);
}

/**
 * The texts of a namespace in the current language, outside React (a query cache's error
 * toast): the catalogue is normally loaded already, as the page that shows the message uses it;
 * otherwise the keys' default values stand in and the catalogue starts loading.
 */
export function getText(namespace: string): Translate {
  const language = getLanguage();
  const catalogue = catalogues.get(`${language}/${namespace}`);
  if (!catalogue) loadText(language, [namespace]).catch(() => undefined);
  return (key, options) => translate(catalogue, language, key, options);
}

beforeLanguageChange((language) => loadText(language, [...namespacesInUse]));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export interface Text {
  t: Translate;
  language: Language;
  /** False only with `suspend: false` while the catalogue is still loading. */
  ready: boolean;
}

/**
 * The texts of one namespace in the current language. Suspends until its catalogue has
 * loaded, unless `suspend: false` (for pieces that must never blank the page: they get
 * `ready: false` and the keys' default values meanwhile).
 */
export function useText(namespace: string, { suspend = true }: { suspend?: boolean } = {}): Text {
  const language = useLanguage();
  const id = `${language}/${namespace}`;
  const catalogue = useSyncExternalStore(subscribe, () => catalogues.get(id));
  namespacesInUse.add(namespace);
  if (!catalogue) {
    const pending = loadCatalogue(language, namespace);
    // Suspense's promise protocol, as react-i18next does it. Not `use()`: React requires
    // `use()` on every later render of a component once it has suspended there, and once the
    // texts are in there is nothing left to wait for.
    if (suspend) throw pending;
    pending.catch(() => undefined);
  }
  const t = useCallback<Translate>((key, options) => translate(catalogue, language, key, options), [catalogue, language]);
  return { t, language, ready: catalogue !== undefined };
}
