import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { areaShells } from '@shared/area-shells';
import { firstGiftsListing, giftsListingPath } from '@shared/contracts/catalog-options';
import { SESSION_PATH } from '@shared/contracts/session-path';
import { cookieBannerShell } from '@shared/cookie-banner-shell';
import enCookies from '@shared/locales/en/cookies.json';
import esCookies from '@shared/locales/es/cookies.json';
import { createPagePreloads, firstSupportedLanguage, pageImage } from './page-preloads';

/** A built app's manifest in Vite's shape: the entry, the auth page and its catalogues. */
function makeRoot(withManifest = true) {
  const root = mkdtempSync(path.join(tmpdir(), 'regalo-preloads-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>');
  if (!withManifest) return root;
  mkdirSync(path.join(root, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
    '_public-1.js': { file: 'assets/public-1.js', imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js'] },
    'features/auth/auth-page.tsx': { file: 'assets/auth-page-1.js', imports: ['_react-1.js', '_card-1.js', 'index.html'] },
    'features/legal/privacy-page.tsx': { file: 'assets/privacy-page-1.js', imports: ['_card-1.js'] },
    'features/consumer/consumer-page.tsx': { file: 'assets/consumer-page-1.js', imports: ['_card-1.js'] },
    'features/consumer/profile-tab.tsx': { file: 'assets/profile-tab-1.js', imports: ['_card-1.js'] },
    'features/consumer/orders-tab.tsx': { file: 'assets/orders-tab-1.js' },
    'features/consumer/gifts-tab.tsx': { file: 'assets/gifts-tab-1.js' },
    ...Object.fromEntries(
      ['en', 'es', 'va'].flatMap((lang) =>
        ['common', 'cookies', 'auth', 'privacy', 'landing', 'app', 'orders'].map((ns) => [`../shared/locales/${lang}/${ns}.json`, { file: `assets/${ns}-${lang}.js` }]),
      ),
    ),
  };
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return root;
}

const hrefs = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('modulepreload hints for a page of the single-page app', () => {
  it('lists the catalogues in the language asked for, then the page chunk and its imports, not what the entry already loads', () => {
    const documentFor = createPagePreloads(makeRoot())!;
    const page = documentFor('/auth', { acceptLanguage: 'es-ES,es;q=0.9,en;q=0.8' })!;
    // The catalogues first: the entry waits for the shell's before its first render, and over
    // http/1.1 the browser fetches six files at a time in this order.
    expect(hrefs(page.html)).toEqual([
      '/assets/common-es.js',
      '/assets/cookies-es.js',
      '/assets/auth-es.js',
      '/assets/auth-page-1.js',
      '/assets/card-1.js',
    ]);
    expect(page.html).toMatch(/<\/title><meta name="regalo-sign-in" content="password"><link rel="modulepreload"[^]*<\/head><body>/);
    expect(brotliDecompressSync(page.brotli).toString()).toBe(page.html);
    expect(hrefs(documentFor('/auth/')!.html)).toContain('/assets/auth-en.js');
  });

  it('follows the language the person chose (the language cookie) over the browser\'s', () => {
    const documentFor = createPagePreloads(makeRoot())!;
    const page = documentFor('/auth', { acceptLanguage: 'en-GB,en', chosenLanguage: 'es' })!;
    expect(page.html).toContain('<html lang="es">');
    expect(hrefs(page.html)).toContain('/assets/auth-es.js');
    expect(documentFor('/auth', { acceptLanguage: 'en-GB,en', chosenLanguage: null })!.html).toContain('<html lang="en">');
  });

  it('says which sign-in methods the server offers, so the auth form does not move once it knows', () => {
    expect(createPagePreloads(makeRoot())!('/auth', { acceptLanguage: 'en' })!.html).toContain('<meta name="regalo-sign-in" content="password">');
    expect(createPagePreloads(makeRoot(), { google: true })!('/auth', { acceptLanguage: 'en' })!.html).toContain(
      '<meta name="regalo-sign-in" content="password google">',
    );
  });

  it('lists the privacy page\'s chunk, its imports and catalogues', () => {
    const documentFor = createPagePreloads(makeRoot())!;
    expect(hrefs(documentFor('/privacy', { acceptLanguage: 'en' })!.html)).toEqual([
      '/assets/common-en.js',
      '/assets/cookies-en.js',
      '/assets/privacy-en.js',
      '/assets/privacy-page-1.js',
      '/assets/card-1.js',
    ]);
  });

  it('adds the consumer area\'s tab named by ?tab=, the profile tab when missing or unknown', () => {
    const documentFor = createPagePreloads(makeRoot())!;
    expect(hrefs(documentFor('/app', { acceptLanguage: 'en', tab: 'orders' })!.html)).toEqual([
      '/assets/common-en.js',
      '/assets/cookies-en.js',
      '/assets/app-en.js',
      '/assets/orders-en.js',
      '/assets/consumer-page-1.js',
      '/assets/card-1.js',
      '/assets/orders-tab-1.js',
    ]);
    const profile = ['/assets/common-es.js', '/assets/cookies-es.js', '/assets/app-es.js', '/assets/consumer-page-1.js', '/assets/card-1.js', '/assets/profile-tab-1.js'];
    expect(hrefs(documentFor('/app', { acceptLanguage: 'es', tab: null })!.html)).toEqual(profile);
    expect(hrefs(documentFor('/app', { acceptLanguage: 'es', tab: 'nonsense' })!.html)).toEqual(profile);
  });

  it('fetches a signed-in page\'s session, and the gifts tab\'s first page, with the document', () => {
    const documentFor = createPagePreloads(makeRoot())!;
    const fetches = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const gifts = documentFor('/app', { acceptLanguage: 'en', tab: 'gifts' })!.html;
    // The address exactly as the gifts tab asks for it, its `&` escaped in the attribute.
    expect(giftsListingPath(firstGiftsListing)).toBe('/api/catalog/gifts?sort=price_asc&page=1&pageSize=12');
    expect(fetches(gifts)).toEqual([SESSION_PATH, '/api/catalog/gifts?sort=price_asc&amp;page=1&amp;pageSize=12']);
    expect(fetches(documentFor('/app', { acceptLanguage: 'en', tab: 'orders' })!.html)).toEqual([SESSION_PATH]);
    // Before the module hints: the answers take longest to come.
    expect(gifts.indexOf('as="fetch"')).toBeLessThan(gifts.indexOf('modulepreload'));
    expect(fetches(documentFor('/auth', { acceptLanguage: 'en' })!.html)).toEqual([]);
    expect(fetches(documentFor('/privacy', { acceptLanguage: 'en' })!.html)).toEqual([]);
  });

  it('preloads the picture the server names for the gifts tab, first of all the hints; only that tab has one', () => {
    const documentFor = createPagePreloads(makeRoot())!;
    expect(pageImage('/app', 'gifts')).toBe('first-gift');
    expect(pageImage('/app/', 'gifts')).toBe('first-gift');
    for (const [page, tab] of [['/app', null], ['/app', 'profile'], ['/app', 'orders'], ['/auth', 'gifts'], ['/business/dashboard', 'gifts']] as const) {
      expect(pageImage(page, tab)).toBeUndefined();
    }
    const image = '/api/files/public/gifts/a/main.1.webp';
    const gifts = documentFor('/app', { acceptLanguage: 'en', tab: 'gifts', image })!;
    expect(gifts.html).toContain(`</title><meta name="regalo-sign-in" content="password"><link rel="preload" as="image" fetchpriority="high" href="${image}"><link rel="preload" as="fetch"`);
    expect(brotliDecompressSync(gifts.brotli).toString()).toBe(gifts.html);
    // Cached per picture: a visitor without one, or a newer first gift, gets its own document.
    expect(documentFor('/app', { acceptLanguage: 'en', tab: 'gifts' })!.html).not.toContain('as="image"');
    expect(documentFor('/app', { acceptLanguage: 'en', tab: 'gifts', image: null })!.html).not.toContain('as="image"');
    expect(documentFor('/app', { acceptLanguage: 'en', tab: 'gifts', image: '/api/files/public/gifts/b/main.2.webp' })!.html).toContain('href="/api/files/public/gifts/b/main.2.webp"');
    expect(documentFor('/app', { acceptLanguage: 'en', tab: 'gifts', image })).toBe(gifts);
    // An attribute value cannot end early whatever the address holds.
    expect(documentFor('/app', { acceptLanguage: 'en', tab: 'gifts', image: '/x"><script>' })!.html).toContain('href="/x&quot;&gt;&lt;script&gt;"');
  });

  it('paints a signed-in area\'s header frame from the document, and no other page\'s', () => {
    const documentFor = createPagePreloads(makeRoot())!;
    expect(documentFor('/app', { acceptLanguage: 'en', tab: 'gifts' })!.html).toContain(`<div id="root"><div inert>${areaShells.consumer}</div></div>`);
    expect(documentFor('/auth', { acceptLanguage: 'en' })!.html).toContain('<div id="root"></div>');
    expect(documentFor('/privacy', { acceptLanguage: 'en' })!.html).toContain('<div id="root"></div>');
  });

  it('paints the cookie banner, in the page\'s language and outside #root, only for a visitor who has not chosen', () => {
    const documentFor = createPagePreloads(makeRoot())!;
    const spanish = documentFor('/auth', { acceptLanguage: 'es-ES,es;q=0.9', cookieBanner: true })!.html;
    expect(spanish).toContain(`<div id="root"></div>${cookieBannerShell(esCookies)}</body>`);
    expect(spanish).toContain('<html lang="es">');
    // The signed-in areas too; each document once, in its own cache entry.
    expect(documentFor('/app', { acceptLanguage: 'en', tab: 'gifts', cookieBanner: true })!.html).toContain(
      `<div id="root"><div inert>${areaShells.consumer}</div></div>${cookieBannerShell(enCookies)}</body>`,
    );
    const chosen = documentFor('/auth', { acceptLanguage: 'es', cookieBanner: false })!.html;
    expect(chosen).not.toContain('cookie-banner-shell');
    expect(chosen).toContain('<html lang="es">');
    expect(documentFor('/auth', { acceptLanguage: 'es' })!.html).toBe(chosen);
    expect(documentFor('/auth', { acceptLanguage: 'es', cookieBanner: true })!.html).toBe(spanish);
    expect(documentFor('/privacy', { acceptLanguage: 'de' })!.html).toContain('<html lang="en">');
  });

  it('writes the stylesheet into the document and keeps its link, disabled, for the lazy chunks\' loader', () => {
    const root = makeRoot();
    const link = '<link rel="stylesheet" crossorigin href="/assets/public-1.css">';
    writeFileSync(path.join(root, 'index.html'), `<!doctype html><html lang="en"><head><title>index.html</title>${link}</head><body><div id="root"></div></body></html>`);
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'assets', 'public-1.css'), '.text-brand-800{color:#9a3412}');
    const documentFor = createPagePreloads(root)!;
    const inlined = '<style>.text-brand-800{color:#9a3412}</style><link rel="stylesheet" crossorigin href="/assets/public-1.css" disabled>';
    for (const page of [documentFor('/auth', { acceptLanguage: 'en' })!, documentFor('/privacy', { acceptLanguage: 'es' })!]) {
      expect(page.html).toContain(`</title>${inlined}`);
      expect(page.html.match(/<style>/g)).toHaveLength(1);
      // Only the compressed copies are kept; all three say the same.
      expect(brotliDecompressSync(page.brotli).toString()).toBe(page.html);
      expect(gunzipSync(page.gzip).toString()).toBe(page.html);
    }
  });

  it('keeps the stylesheet\'s link when the file is missing or would end the <style> element early', () => {
    const root = makeRoot();
    const links = ['<link rel="stylesheet" crossorigin href="/assets/missing.css">', '<link rel="stylesheet" crossorigin href="/assets/odd.css">'];
    writeFileSync(path.join(root, 'index.html'), `<!doctype html><html lang="en"><head><title>x</title>${links.join('')}</head><body><div id="root"></div></body></html>`);
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'assets', 'odd.css'), '.a::after{content:"</STYLE><script>"}');
    const html = createPagePreloads(root)!('/auth', { acceptLanguage: 'en' })!.html;
    expect(html).toContain(`</title>${links.join('')}`);
    expect(html).not.toContain('<style>');
  });

  it('names a file once when the manifest lists it under two keys (a page inside a chunk group)', () => {
    const root = makeRoot();
    const manifestFile = path.join(root, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest['_consumer-page-1.js'] = { file: 'assets/consumer-page-1.js', imports: ['_card-1.js'] };
    manifest['features/consumer/gifts-tab.tsx'] = { file: 'assets/gifts-tab-1.js', imports: ['_consumer-page-1.js'] };
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(hrefs(createPagePreloads(root)!('/app', { acceptLanguage: 'en', tab: 'gifts' })!.html)).toEqual([
      '/assets/common-en.js',
      '/assets/cookies-en.js',
      '/assets/app-en.js',
      '/assets/consumer-page-1.js',
      '/assets/card-1.js',
      '/assets/gifts-tab-1.js',
    ]);
  });

  it('says at start which pages the manifest does not name (they would be served without hints)', () => {
    const warnings: object[] = [];
    createPagePreloads(makeRoot(), undefined, { warn: (details) => void warnings.push(details) });
    // The test manifest names only some pages; each missing one is listed.
    expect(warnings).toHaveLength(1);
    const { pages } = warnings[0] as { pages: string[] };
    expect(pages).toContain('features/business-dashboard/business-dashboard-page.tsx');
    expect(pages).not.toContain('features/consumer/gifts-tab.tsx');
  });

  it('gives nothing for other pages or a build without a manifest', () => {
    expect(createPagePreloads(makeRoot())!('/g/ABCD2345EFGH6789', { acceptLanguage: 'en' })).toBeNull();
    expect(createPagePreloads(makeRoot(false))).toBeNull();
  });

  it('picks the first supported language in the browser\'s order, English otherwise', () => {
    expect(firstSupportedLanguage('fr-FR, es;q=0.5, en;q=0.9')).toBe('es');
    expect(firstSupportedLanguage('EN-gb')).toBe('en');
    expect(firstSupportedLanguage('de')).toBe('en');
    expect(firstSupportedLanguage(undefined)).toBe('en');
  });

  it('reads Catalan in any form as Valencian, and writes its document as ca-ES-valencia', () => {
    expect(firstSupportedLanguage('ca-ES-valencia,es;q=0.8')).toBe('va');
    expect(firstSupportedLanguage('ca')).toBe('va');
    const documentFor = createPagePreloads(makeRoot())!;
    const page = documentFor('/auth', { acceptLanguage: 'ca-ES,ca;q=0.9,es;q=0.8' })!;
    expect(page.html).toContain('<html lang="ca-ES-valencia">');
    expect(hrefs(page.html)).toContain('/assets/auth-va.js');
    expect(hrefs(page.html)).toContain('/assets/common-va.js');
  });
});
