import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** A built web app with a manifest, as `npm run build` leaves it (the landing page is the server's own, ADR 098). */
function makeWebRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'regalo-landing-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-1.js' } }));
  return root;
}

/**
 * The landing page comes compressed as the browser accepts (platform/public-page.ts
 * `sendPublicDocument`): uncompressed, its ~23 KB took a phone a second round trip.
 */
describe('the landing document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webRoot: makeWebRoot() });
  });
  afterAll(() => t.close());

  const get = (acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url: '/?lang=es', headers: { accept: 'text/html', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  it('is sent as Brotli, else gzip, else as is, the same page each way and a fraction of its size', async () => {
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1 id="hero-title">Regala un trocito de Valencia</h1>');
    // The page depends on how it is encoded, so a cache must not hand one encoding to another browser.
    expect(String(plain.headers.vary)).toMatch(/\bAccept-Encoding\b/);

    const brotli = await get('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/\bAccept-Encoding\b/);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    // A phone's first flight on a new connection (ten packets of ~1.4 KB).
    expect(brotli.rawPayload.length).toBeLessThan(14_000);

    const gzip = await get('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });
});
