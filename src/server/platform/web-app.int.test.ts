import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedInject, createSignedInUser } from '../testing/auth-helpers';
import { createBusiness, createGift, createUser } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A tiny built web app: its document and one hashed asset with its pre-compressed copy. */
function makeWebRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'regalo-web-'));
  mkdirSync(path.join(root, 'assets'));
  const html = '<!doctype html><html><body><div id="root"></div></body></html>';
  const js = `console.info(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(path.join(root, 'index.html'), html);
  writeFileSync(path.join(root, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), js);
  mkdirSync(path.join(root, 'icons'));
  writeFileSync(path.join(root, 'icons', 'icon-192.png'), PNG);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
  // What a build with source maps would add next to the asset.
  const map = JSON.stringify({ version: 3, sources: ['src/web/secret-source.tsx'], sourcesContent: ['export const secret = 1;'] });
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.map'), map);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.map.br'), brotliCompressSync(map));
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.map.gz'), gzipSync(map));
  return { root, html, js };
}

describe('serving the built web app', () => {
  let t: TestApp;
  const web = makeWebRoot();
  beforeAll(async () => {
    t = await createTestApp({ webRoot: web.root });
  });
  afterAll(() => t.close());

  it('answers client routes with index.html (history fallback), never cached; other pages 404', async () => {
    for (const [url, status] of [['/app', 200], ['/business/dashboard?tab=gifts', 200], ['/checkout/abc/pay', 200], ['/no/such/page', 404], ['/apps', 404]] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(web.html);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('answers / with the landing page the server renders (not the built document), never cached, with or without a query', async () => {
    for (const url of ['/', '/?utm_source=flyer']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).not.toBe(web.html);
      expect(res.body).toContain('<h1 id="hero-title">');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('never serves source maps, in any encoding (they hold the whole web source)', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/app-abc123.js.map.br', '/assets/app-abc123.js.map.gz']) {
      for (const encoding of [undefined, 'br', 'gzip']) {
        const res = await t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
        expect(res.statusCode, `${url} ${encoding}`).toBe(404);
        expect(res.body).not.toContain('secret');
      }
    }
  });

  it('is built without source maps', async () => {
    const { default: viteConfig } = await import('../../../vite.config');
    const config = typeof viteConfig === 'function' ? await viteConfig({ command: 'build', mode: 'production' }) : viteConfig;
    expect(config.build?.sourcemap).toBe(false);
  });

  it('answers /favicon.ico with the app\'s icon, as browsers ask for it on every page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico', headers: { accept: 'image/avif,image/webp,image/png,*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'HEAD', url: '/favicon.ico' })).statusCode).toBe(200);
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(web.js);
  });

  it('sends the pre-compressed copy to browsers that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(web.js);
  });

  it('keeps API misses and missing files as problem+json 404s', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js', headers: { accept: 'text/html' } });
    expect(asset.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/app', headers: { accept: 'text/html', origin: t.config.publicUrl } });
    expect(post.statusCode).toBe(404);
  });
});

describe('serving a page of the single-page app with modulepreload hints', () => {
  let t: TestApp;
  const web = makeWebRoot();
  mkdirSync(path.join(web.root, '.vite'));
  writeFileSync(
    path.join(web.root, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(web.root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js' },
      'features/auth/auth-page.tsx': { file: 'assets/auth-page-1.js' },
      '../shared/locales/es/auth.json': { file: 'assets/auth-es.js' },
      'features/consumer/consumer-page.tsx': { file: 'assets/consumer-page-1.js' },
      'features/consumer/gifts-tab.tsx': { file: 'assets/gifts-tab-1.js' },
    }),
  );
  beforeAll(async () => {
    t = await createTestApp({ webRoot: web.root });
  });
  afterAll(() => t.close());

  it('adds the page chunk and the catalogue of the asked language, compressed when accepted, never cached', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth?tab=signup',
      headers: { accept: 'text/html', 'accept-language': 'es', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-page-1.js">');
    expect(html).toContain('href="/assets/auth-es.js"');
    // Without Brotli (browsers offer it only over https), the gzip copy.
    const gzipped = await t.app.inject({ method: 'GET', url: '/auth', headers: { accept: 'text/html', 'accept-language': 'es', 'accept-encoding': 'gzip, deflate' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(html);
    const gifts = await t.app.inject({ method: 'GET', url: '/app?tab=gifts', headers: { accept: 'text/html' } });
    expect(gifts.body).toContain('href="/assets/gifts-tab-1.js"');
    const other = await t.app.inject({ method: 'GET', url: '/business/dashboard', headers: { accept: 'text/html' } });
    expect(other.body).not.toContain('modulepreload');
    // `/` is the server's own page (features/landing, ADR 098): none of the app's files.
    const landing = await t.app.inject({ method: 'GET', url: '/?utm_source=flyer', headers: { accept: 'text/html', 'accept-language': 'en-GB' } });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.body).not.toContain('/assets/');
    const manifest = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
  });

  it('paints the cookie banner for a visitor who has not chosen yet, in the language asked for', async () => {
    const page = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/auth', headers: { accept: 'text/html', 'accept-language': 'es-ES,es;q=0.9', ...(cookie ? { cookie } : {}) } });
    const firstVisit = await page();
    expect(firstVisit.statusCode).toBe(200);
    expect(firstVisit.headers.vary).toMatch(/cookie/i);
    expect(firstVisit.body).toContain('<div id="cookie-banner-shell" inert>');
    expect(firstVisit.body).toContain('Unas pocas cookies, tú decides');
    // A stored choice, either one, and the banner is no longer painted; an unknown value is no choice.
    expect((await page('cookie-consent=necessary; analytics-consent=false')).body).not.toContain('cookie-banner-shell');
    expect((await page('other=1; cookie-consent=all')).body).not.toContain('cookie-banner-shell');
    expect((await page('cookie-consent=maybe')).body).toContain('cookie-banner-shell');
    const landing = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect(landing.body).toContain('A few cookies, your choice');
  });

  it('speaks the language the person chose (the language cookie) rather than the browser\'s', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/auth', headers: { accept: 'text/html', 'accept-language': 'en-GB,en', cookie: 'regalo-language=es' } });
    expect(page.body).toContain('href="/assets/auth-es.js"');
    expect(page.body).toContain('Unas pocas cookies, tú decides');
  });

  it('speaks the language the address names (?lang=) before the cookie, as the app will', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/auth?lang=es', headers: { accept: 'text/html', 'accept-language': 'en-GB,en', cookie: 'regalo-language=en' } });
    expect(page.body).toContain('href="/assets/auth-es.js"');
    // A language Regalo does not speak is ignored.
    const other = await t.app.inject({ method: 'GET', url: '/auth?lang=fr', headers: { accept: 'text/html', 'accept-language': 'en-GB,en', cookie: 'regalo-language=es' } });
    expect(other.body).toContain('href="/assets/auth-es.js"');
  });

  it('names the gifts tab\'s first picture for a signed-in visitor only, and follows the catalogue', async () => {
    const owner = await createUser(t.database.db, { userType: 'business' });
    const shop = await createBusiness(t.database.db, { ownerId: owner.id });
    await createGift(t.database.db, { businessId: shop.id, price: 3000, imageUrl: '/api/files/public/gifts/a/main.1.webp' });
    const { cookie } = await createSignedInUser(t);
    const preload = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    const gifts = () => authedInject(t, cookie, { method: 'GET', url: '/app?tab=gifts', headers: { accept: 'text/html' } });

    const first = await gifts();
    expect(first.statusCode).toBe(200);
    expect(preload(first.body)).toEqual(['<link rel="preload" as="image" fetchpriority="high" href="/api/files/public/gifts/a/main.1.webp">']);
    expect(first.headers.vary).toMatch(/cookie/i);
    // The listing the tab asks for is the one the document looked at.
    const listing = await authedInject(t, cookie, { method: 'GET', url: '/api/catalog/gifts?sort=price_asc&page=1&pageSize=12' });
    expect(listing.json().items[0].imageUrl).toBe('/api/files/public/gifts/a/main.1.webp');

    // A cheaper gift comes first: the next document names its picture; with none, no hint.
    await createGift(t.database.db, { businessId: shop.id, price: 1000, imageUrl: '/api/files/public/gifts/b/main.2.webp' });
    expect(preload((await gifts()).body)).toEqual(['<link rel="preload" as="image" fetchpriority="high" href="/api/files/public/gifts/b/main.2.webp">']);
    await createGift(t.database.db, { businessId: shop.id, price: 500, imageUrl: null });
    expect(preload((await gifts()).body)).toEqual([]);

    // Nobody else learns what the catalogue holds: not a visitor without a session, nor another tab.
    const anonymous = await t.app.inject({ method: 'GET', url: '/app?tab=gifts', headers: { accept: 'text/html' } });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).not.toContain('/api/files/');
    const profile = await authedInject(t, cookie, { method: 'GET', url: '/app', headers: { accept: 'text/html' } });
    expect(profile.body).not.toContain('/api/files/');
  });
});
