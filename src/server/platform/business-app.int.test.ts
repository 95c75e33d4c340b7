import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

const webSource = fileURLToPath(new URL('../../web/', import.meta.url));

/** A built web app as Vite lays it out: public/ copied to the root next to the documents. */
function makeWebRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'regalo-pwa-'));
  cpSync(path.join(webSource, 'public'), root, { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><body></body></html>');
  return root;
}

describe('the installable business app (manifest, icons, service worker)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webRoot: makeWebRoot() });
  });
  afterAll(() => t.close());

  it('serves the manifest as application/manifest+json, opening on the Redeem screen', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      start_url: '/business/dashboard?tab=redeem',
      scope: '/business/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#/),
      background_color: expect.stringMatching(/^#/),
    });
    expect(manifest.name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    // Every icon it names is served as a PNG of the size it claims.
    const purposes = new Set<string>();
    for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
      const file = await t.app.inject({ method: 'GET', url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      const png = file.rawPayload;
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(`${width}x${height}`).toBe(icon.sizes);
      purposes.add(`${icon.sizes} ${icon.purpose}`);
    }
    expect(purposes).toEqual(new Set(['192x192 any', '512x512 any', '512x512 maskable']));
  });

  it('serves /sw.js as JavaScript that browsers re-check on every visit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain("addEventListener('fetch'");
  });

  it('links the manifest from the app’s document only: the landing page stays as light as it was', async () => {
    const index = readFileSync(path.join(webSource, 'index.html'), 'utf8');
    expect(index).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const landing = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).not.toContain('manifest');
  });
});
