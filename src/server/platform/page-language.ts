/**
 * The language of a server-rendered page (the gift page, the legal pages): `?lang=` when the
 * visitor picked one, else the first of the browser's languages we speak, else English.
 */
export type PageLanguage = 'en' | 'es';
export const pageLanguages: readonly PageLanguage[] = ['en', 'es'];

export function toPageLanguage(value: unknown): PageLanguage | undefined {
  return value === 'en' || value === 'es' ? value : undefined;
}

/** The first of the browser's languages we speak (`es-ES,es;q=0.9,en;q=0.8` → es). */
export function languageFromAcceptLanguage(header: string | undefined): PageLanguage | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = toPageLanguage(entry.base);
    if (language) return language;
  }
  return undefined;
}
