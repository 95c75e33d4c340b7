import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPagePreloads, firstSupportedLanguage } from './page-preloads';

/** A built app's manifest in Vite's shape: the entry, the auth page and its catalogues. */
function makeRoot(withManifest = true) {
  const root = mkdtempSync(path.join(tmpdir(), 'regalo-preloads-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  if (!withManifest) return root;
  mkdirSync(path.join(root, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js'] },
    '_i18n-1.js': { file: 'assets/i18n-1.js', name: 'i18n' },
    'features/auth/auth-page.tsx': { file: 'assets/auth-page-1.js', imports: ['_react-1.js', '_card-1.js', 'index.html'] },
    'features/legal/privacy-page.tsx': { file: 'assets/privacy-page-1.js', imports: ['_card-1.js'] },
    ...Object.fromEntries(
      ['en', 'es'].flatMap((lang) =>
        ['common', 'cookies', 'auth', 'privacy'].map((ns) => [`locales/${lang}/${ns}.json`, { file: `assets/${ns}-${lang}.js` }]),
      ),
    ),
  };
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return root;
}

const hrefs = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('modulepreload hints for a page of the single-page app', () => {
  it('lists the page chunk, its imports and its catalogues in the language asked for, not what the entry already loads', () => {
    const documentFor = createPagePreloads(makeRoot())!;
    const page = documentFor('/auth', 'es-ES,es;q=0.9,en;q=0.8')!;
    expect(hrefs(page.html)).toEqual([
      '/assets/auth-page-1.js',
      '/assets/card-1.js',
      '/assets/common-es.js',
      '/assets/cookies-es.js',
      '/assets/auth-es.js',
    ]);
    expect(page.html).toMatch(/<\/title><link rel="modulepreload"[^]*<\/head><body>/);
    expect(brotliDecompressSync(page.brotli).toString()).toBe(page.html);
    expect(hrefs(documentFor('/auth/', undefined)!.html)).toContain('/assets/auth-en.js');
  });

  it('adds i18next set-up for the pages that render with it', () => {
    const documentFor = createPagePreloads(makeRoot())!;
    expect(hrefs(documentFor('/privacy', 'en')!.html)).toEqual([
      '/assets/privacy-page-1.js',
      '/assets/card-1.js',
      '/assets/i18n-1.js',
      '/assets/common-en.js',
      '/assets/cookies-en.js',
      '/assets/privacy-en.js',
    ]);
  });

  it('gives nothing for other pages or a build without a manifest', () => {
    expect(createPagePreloads(makeRoot())!('/app', 'en')).toBeNull();
    expect(createPagePreloads(makeRoot(false))).toBeNull();
  });

  it('picks the first supported language in the browser\'s order, English otherwise', () => {
    expect(firstSupportedLanguage('fr-FR, es;q=0.5, en;q=0.9')).toBe('es');
    expect(firstSupportedLanguage('EN-gb')).toBe('en');
    expect(firstSupportedLanguage('de')).toBe('en');
    expect(firstSupportedLanguage(undefined)).toBe('en');
  });
});
