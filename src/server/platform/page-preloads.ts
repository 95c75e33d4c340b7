import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import { areaShells, type Area } from '@shared/area-shells';
import { firstGiftsListing, giftsListingPath } from '@shared/contracts/catalog-options';
import { SESSION_PATH } from '@shared/contracts/session-path';
import { cookieBannerShell } from '@shared/cookie-banner-shell';
import { escapeHtml } from '@shared/escape-html';
import { SHELL_NAMESPACES } from '@shared/shell-catalogues';
import { HTML_LANG, negotiateLocale, type Locale } from '@shared/locale';
import { DOCUMENT_PAGES, PAGE_NAMESPACES, type PageModule } from '@shared/page-texts';
import { catalogues as loadCatalogues } from './catalogues';

/** One chunk of Vite's build manifest (`build.manifest: true`), keyed by source path. */
type ManifestChunk = { file: string; name?: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;
export type PageDocument = { readonly html: string; brotli: Buffer; gzip: Buffer };

/** What a document depends on besides its address; each is part of the document cache's key. */
export type DocumentRequest = {
  acceptLanguage?: string;
  /** The language cookie (a choice the person made), which wins over Accept-Language. */
  chosenLanguage?: Locale | null;
  /** `?tab=`, for pages with tabs. */
  tab?: string | null;
  /**
   * The address of the page's picture (`pageImage`) for this visitor, or null when there is
   * none to name; it must be a same-origin path the server produced, not user input.
   */
  image?: string | null;
  /** The visitor has not chosen about cookies yet: the banner is painted with the document. */
  cookieBanner?: boolean;
};

/**
 * What a page of the single-page app loads after the entry: its page chunk (a key of the
 * manifest) and the catalogues it renders with, both from shared/page-texts.ts, which the web
 * app loads them by too. The shell's own catalogues (`SHELL_NAMESPACES`) are added to every
 * page. A page missing there is still served, just without the hints.
 */
type Page = {
  page: PageModule;
  /**
   * API answers the page asks for before it can paint its content, as the browser app asks
   * for them (same address, a same-origin `fetch`): fetched with the document (`<link
   * rel="preload" as="fetch">`) instead of after the scripts have run, and reused by that
   * `fetch` (ADR 047). Signed-in pages read the session first of all.
   */
  fetches?: readonly string[];
  /**
   * A signed-in area's header frame, painted from the document before the scripts have run;
   * the area keeps the same frame while it loads, so the header never moves (ADR 047).
   */
  shell?: Area;
  /**
   * The picture that is the page's largest paint, when the server can name it for this
   * visitor (`web-app.ts` asks the feature that knows): preloaded by the document, so the
   * browser fetches it with the scripts instead of after they have rendered (ADR 048).
   */
  image?: PageImage;
};
/** Pictures a document can name: the first gift of the consumer's gifts tab. */
export type PageImage = 'first-gift';
/**
 * What the server adds to a page's hints: the API answers it fetches first, its header frame
 * and its picture. Signed-in areas (ADR 046): a signed-out visit is sent to /auth and wastes
 * these few requests, a signed-in one saves a round trip before its page can render.
 */
const pageExtras: Record<string, Omit<Page, 'page'> & { tabs?: Record<string, Omit<Page, 'page'>> }> = {
  // The consumer area fetches the tab the address names (`?tab=`) at once (consumer-page.tsx), ADR 045.
  '/app': { fetches: [SESSION_PATH], shell: 'consumer', tabs: { gifts: { fetches: [giftsListingPath(firstGiftsListing)], image: 'first-gift' } } },
  '/checkout': { fetches: [SESSION_PATH] },
  '/business/dashboard': { fetches: [SESSION_PATH], shell: 'business' },
  '/admin': { fetches: [SESSION_PATH], shell: 'admin' },
};
const pages: Record<string, Page & { tabs?: Record<string, Page> }> = Object.fromEntries(
  Object.entries(DOCUMENT_PAGES).map(([address, { page, tabs }]) => {
    const extras = pageExtras[address];
    const pageTabs = tabs && Object.fromEntries(Object.entries(tabs).map(([tab, tabPage]) => [tab, { page: tabPage, ...extras?.tabs?.[tab] }]));
    return [address, { ...extras, page, tabs: pageTabs }];
  }),
);
/** Vite's manifest names a file by its path from the web root (src/web), so the catalogues sit one level up. */
export const catalogueManifestKey = (language: Locale, namespace: string) => `../shared/locales/${language}/${namespace}.json`;
const bannerTexts = loadCatalogues('cookies');
/** Distinct pictures' documents kept; a picture changes only when the catalogue does. */
const MAX_DOCUMENTS = 200;

/** The page an address serves and its tab (`?tab=`; the first one when missing or unknown). */
function resolvePage(urlPath: string, tabParameter: string | null | undefined) {
  const page = pages[urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath];
  const tabs = Object.keys(page?.tabs ?? {});
  const tab = tabParameter && tabs.includes(tabParameter) ? tabParameter : tabs[0];
  return { page, tab, tabPage: tab ? page?.tabs?.[tab] : undefined };
}

/** The picture the document of this address would preload, if the server can name it. */
export function pageImage(urlPath: string, tabParameter?: string | null): PageImage | undefined {
  const { page, tabPage } = resolvePage(urlPath, tabParameter);
  return tabPage?.image ?? page?.image;
}

/**
 * The language the browser app will pick on a first visit: the first of the browser's
 * languages it supports, in the browser's order (lib/language.ts negotiates `navigator.languages`
 * the same way; a language saved on an earlier visit wins there, and then the hint for the
 * other language costs one small request).
 */
export function firstSupportedLanguage(acceptLanguage: string | undefined): Locale {
  // The header's tags in the order sent, as `navigator.languages` lists them to the app.
  const browserLanguages = (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]!.trim());
  return negotiateLocale({ browserLanguages });
}

/**
 * The single-page app's document with `<link rel="modulepreload">` for
 * what a page needs beyond the entry, so the browser fetches the page chunk, its imports and its catalogues
 * together with the entry instead of only once the entry has run (then once the page chunk
 * has run): two levels of requests instead of three before the first paint (ADR 039).
 * Returns null when the build has no manifest (then index.html is served as it is).
 */
export function createPagePreloads(
  root: string,
  signIn: { google: boolean } = { google: false },
  log?: { warn(details: object, message: string): void },
) {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(manifestFile) || !existsSync(indexFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  // A page whose chunk the manifest does not name is served as the bare index.html: no hints,
  // no header shell, nothing preloaded. Said once at start, since nothing else would show it
  // (a chunk group in vite.config.ts took the consumer page in once, ADR 048).
  const missing = Object.values(pages)
    .flatMap((page) => [page, ...Object.values(page.tabs ?? {})])
    .map((page) => page.page)
    .filter((key) => !manifest[key]);
  if (missing.length > 0) log?.warn({ pages: missing }, 'pages missing from the build manifest are served without their hints');
  const base = { html: inlineStylesheets(readFileSync(indexFile, 'utf8'), root), entryFiles: new Set(collectFiles(manifest, ['index.html'])) };
  const cache = new Map<string, PageDocument>();

  return function documentFor(
    urlPath: string,
    { acceptLanguage, chosenLanguage, tab: tabParameter, image, cookieBanner = false }: DocumentRequest = {},
  ): PageDocument | null {
    const { page, tab, tabPage } = resolvePage(urlPath, tabParameter);
    if (!page || !manifest[page.page]) return null;
    const language = chosenLanguage ?? firstSupportedLanguage(acceptLanguage);
    const key = `${urlPath}|${tab ?? ''}|${language}|${image ?? ''}|${cookieBanner}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const catalogues = [...SHELL_NAMESPACES, ...PAGE_NAMESPACES[page.page], ...(tabPage ? PAGE_NAMESPACES[tabPage.page] : [])].map((ns) => catalogueManifestKey(language, ns));
    const chunks = [page.page, ...(tabPage ? [tabPage.page] : [])];
    // The catalogues first: they are small, and the entry waits for the page furniture's before
    // its first render (ADR 051). Over http/1.1 the browser fetches six files at a time, in
    // the document's order, so listed last they arrived last and held React back (ADR 052).
    const files = collectFiles(manifest, [...catalogues, ...chunks]).filter(
      (file) => !base.entryFiles.has(file),
    );
    // `crossorigin` (anonymous) is what a same-origin `fetch` with credentials 'same-origin' matches.
    const fetchLinks = [...(page.fetches ?? []), ...(tabPage?.fetches ?? [])].map(
      (address) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(address)}">`,
    );
    // Before the scripts: the picture is the page's largest paint and waits for nothing else.
    const imageLinks = image ? [`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image)}">`] : [];
    const links = [...imageLinks, ...fetchLinks, ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)].join('');
    // The sign-in methods this server offers (what /api/auth-options answers), so the auth form
    // renders in its final shape at once instead of moving when that answer arrives (ADR 044).
    const meta = `<meta name="regalo-sign-in" content="${signIn.google ? 'password google' : 'password'}">`;
    // The language the app will most likely pick, for screen readers until its scripts have run.
    let html = base.html.replace(/<html lang="[a-z]+">/, `<html lang="${HTML_LANG[language]}">`).replace('</head>', `${meta}${links}</head>`);
    // Inert: React replaces it, so a link focused in it would take the focus away with it.
    if (page.shell) html = html.replace('<div id="root"></div>', `<div id="root"><div inert>${areaShells[page.shell]}</div></div>`);
    // Outside #root, which React empties on its first render, whether or not the banner is
    // ready; the banner removes it when it renders (ADR 050).
    if (cookieBanner) html = html.replace('</body>', `${cookieBannerShell(bannerTexts[language])}</body>`);
    // Compressed once per cache entry; gzip for browsers that do not offer Brotli (over plain
    // http, for one). Brotli at quality 6, not the default 11: on this ≈ 66 KB text, 11 held the
    // event loop ≈ 50 ms for 9.6 KB, 6 takes ≈ 1 ms for 10.5 KB. Only the compressed copies are
    // kept; a client that accepts neither encoding is rare enough to pay for unpacking (ADR 052).
    const gzip = gzipSync(html);
    const document: PageDocument = {
      brotli: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } }),
      gzip,
      get html() {
        return gunzipSync(gzip).toString('utf8');
      },
    };
    // Each new picture adds documents; old pictures' documents are not asked for again.
    if (cache.size >= MAX_DOCUMENTS) cache.clear();
    cache.set(key, document);
    return document;
  };
}

/**
 * The build's stylesheet written into the document (ADR 052): the page paints as soon as the
 * document has arrived, instead of one more round trip later. Its link stays, `disabled` (the
 * browser does not fetch a disabled stylesheet), because Vite's loader adds a stylesheet a lazy
 * chunk depends on unless a `<link rel="stylesheet">` with its address is already there.
 * A stylesheet that cannot be read, or that would end the `<style>` element early, keeps its link.
 */
function inlineStylesheets(html: string, root: string): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
    const cssFile = path.join(root, file);
    if (!existsSync(cssFile)) return link;
    const css = readFileSync(cssFile, 'utf8');
    if (/<\/style/i.test(css)) return link;
    return `<style>${css}</style>${link.replace('>', ' disabled>')}`;
  });
}

/** The files of the given manifest chunks and of everything they import statically, in order. */
function collectFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    // A page a chunk group took in is listed under its own path and the group's name (vite.config.ts).
    if (!files.includes(chunk.file)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}
