import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

/** One chunk of Vite's build manifest (`build.manifest: true`), keyed by source path. */
type ManifestChunk = { file: string; name?: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;
export type PageDocument = { html: string; brotli: Buffer };

/**
 * What a public page of the single-page app loads after the entry: its page chunk (a key of
 * the manifest, as `app/router.tsx` imports it), whether it sets up i18next (`withI18n`) and
 * the catalogues it renders with. The shell's own catalogues (`common`, and `cookies` for the
 * banner a first visit shows) are added to every page. A page missing here is still served,
 * just without the hints; a stale entry only costs a wasted request.
 */
const pages: Record<string, { page: string; i18n: boolean; namespaces: readonly string[] }> = {
  '/auth': { page: 'features/auth/auth-page.tsx', i18n: false, namespaces: ['auth'] },
  '/auth/forgot-password': { page: 'features/auth/forgot-password-page.tsx', i18n: false, namespaces: ['auth'] },
  '/auth/reset-password': { page: 'features/auth/reset-password-page.tsx', i18n: false, namespaces: ['auth'] },
  '/privacy': { page: 'features/legal/privacy-page.tsx', i18n: true, namespaces: ['privacy'] },
  '/business/interest': { page: 'features/business-onboarding/interest-page.tsx', i18n: true, namespaces: ['business'] },
};
const shellNamespaces = ['common', 'cookies'];
const languages = ['en', 'es'] as const;
type Language = (typeof languages)[number];

/**
 * The language the browser app will pick on a first visit: the first of the browser's
 * languages it supports, in the browser's order (lib/language.ts reads `navigator.languages`
 * the same way; a language saved on an earlier visit wins there, and then the hint for the
 * other language costs one small request).
 */
export function firstSupportedLanguage(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.split(';')[0]?.trim().split('-')[0]?.toLowerCase();
    const language = languages.find((candidate) => candidate === base);
    if (language) return language;
  }
  return 'en';
}

/**
 * The single-page app's document with `<link rel="modulepreload">` for what a page needs
 * beyond the entry, so the browser fetches the page chunk, its imports and its catalogues
 * together with the entry instead of only once the entry has run (then once the page chunk
 * has run): two levels of requests instead of three before the first paint (ADR 039).
 * Returns null when the build has no manifest (then index.html is served as it is).
 */
export function createPagePreloads(root: string) {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(manifestFile) || !existsSync(indexFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const entryFiles = new Set(collectFiles(manifest, ['index.html']));
  // lib/i18n.ts is imported both statically and dynamically, so its chunk is keyed by name.
  const i18nKey = Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]?.name === 'i18n');
  const cache = new Map<string, PageDocument>();

  return function documentFor(urlPath: string, acceptLanguage: string | undefined): PageDocument | null {
    const page = pages[urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath];
    if (!page || !manifest[page.page]) return null;
    const language = firstSupportedLanguage(acceptLanguage);
    const key = `${urlPath}|${language}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const catalogues = [...shellNamespaces, ...page.namespaces].map((ns) => `locales/${language}/${ns}.json`);
    const files = collectFiles(manifest, [page.page, ...(page.i18n && i18nKey ? [i18nKey] : []), ...catalogues]).filter(
      (file) => !entryFiles.has(file),
    );
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
    const html = indexHtml.replace('</head>', `${links}</head>`);
    // Compressed once, as scripts/compress-assets.mjs does for the static index.html.
    const document = { html, brotli: brotliCompressSync(html) };
    cache.set(key, document);
    return document;
  };
}

/** The files of the given manifest chunks and of everything they import statically, in order. */
function collectFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}
