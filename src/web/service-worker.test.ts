import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The routing rules of the served /sw.js itself (plain JavaScript in public/, no build step),
 * loaded into a sandbox: its top-level functions become the sandbox's globals.
 */
const source = readFileSync(fileURLToPath(new URL('./public/sw.js', import.meta.url)), 'utf8');
const listeners: Record<string, unknown> = {};
const sandbox = vm.createContext({
  URL,
  self: { location: { origin: 'https://regalo.test' }, addEventListener: (type: string, fn: unknown) => (listeners[type] = fn) },
});
vm.runInContext(source, sandbox);
const routeRequest = sandbox.routeRequest as (request: { url: string; method: string; mode: string }, origin: string) => string;
const assetUrls = sandbox.assetUrls as (urls: string[], origin: string) => string[];

const ORIGIN = 'https://regalo.test';
const route = (path: string, init: { method?: string; mode?: string } = {}) =>
  routeRequest({ url: ORIGIN + path, method: init.method ?? 'GET', mode: init.mode ?? 'cors' }, ORIGIN);

describe('service worker routing', () => {
  it('never answers the API from a cache, whatever the method or mode', () => {
    for (const path of ['/api/business/redemptions', '/api/business/redemptions/lookup', '/api/business/me', '/api/health?x=1', '/api']) {
      for (const mode of ['cors', 'navigate', 'same-origin']) {
        for (const method of ['GET', 'POST']) expect(route(path, { method, mode }), `${method} ${path} ${mode}`).toBe('network');
      }
    }
  });

  it('never answers a gift page from a cache', () => {
    expect(route('/g/abcdefghijklmnopqrstuvwxyz012345', { mode: 'navigate' })).toBe('network');
    expect(route('/g/abcdefghijklmnopqrstuvwxyz012345/calendar.ics')).toBe('network');
  });

  it('serves hashed assets cache first and dashboard pages network first', () => {
    expect(route('/assets/index-Ab12Cd.js')).toBe('asset');
    expect(route('/business/dashboard?tab=redeem', { mode: 'navigate' })).toBe('page');
    expect(route('/icons/icon-192.png')).toBe('static');
    expect(route('/manifest.webmanifest')).toBe('static');
  });

  it('leaves everything else alone: other pages, writes, other origins, itself', () => {
    expect(route('/', { mode: 'navigate' })).toBe('network');
    expect(route('/app?tab=orders', { mode: 'navigate' })).toBe('network');
    expect(route('/businesses', { mode: 'navigate' })).toBe('network');
    expect(route('/assets/index-Ab12Cd.js', { method: 'POST' })).toBe('network');
    expect(route('/sw.js')).toBe('network');
    expect(routeRequest({ url: 'https://maps.example/assets/x.js', method: 'GET', mode: 'cors' }, ORIGIN)).toBe('network');
  });

  it('caches only this origin’s hashed assets from what the page reports', () => {
    expect(
      assetUrls(
        [`${ORIGIN}/assets/a-1.js`, '/assets/b-2.css', `${ORIGIN}/api/business/me`, 'https://cdn.example/assets/c.js', `${ORIGIN}/assets/d.js?v=1`, 'not a url:'],
        ORIGIN,
      ),
    ).toEqual([`${ORIGIN}/assets/a-1.js`, '/assets/b-2.css']);
  });

  it('handles install, activate, message and fetch', () => {
    expect(Object.keys(listeners).sort()).toEqual(['activate', 'fetch', 'install', 'message']);
  });
});
