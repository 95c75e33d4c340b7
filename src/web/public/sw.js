/*
 * The business app's service worker (ADR 033). It keeps the dashboard's shell on the phone
 * so a weak signal at the counter only affects the redemption call itself:
 *  - hashed assets (/assets/*) are immutable: cache first;
 *  - dashboard pages (/business/*): network first, the cached shell when offline;
 *  - the API (/api/*) and gift pages (/g/*) are NEVER cached or answered from a cache: a
 *    redemption must reach the server, and a gift page must always show its real status.
 * Everything else goes to the network untouched. Registered by the dashboard only.
 * Plain JavaScript served as is from /sw.js (no build step), so the file tested is the file
 * served; top-level functions are what sw.test.ts reads.
 */
const VERSION = 'v1';
const SHELL_CACHE = 'regalo-shell-' + VERSION;
const ASSET_CACHE = 'regalo-assets-' + VERSION;
// Every dashboard URL answers with the same single-page document.
const SHELL_URL = '/business/dashboard';
// Old deployments' assets are dropped beyond this many, oldest first.
const MAX_ASSETS = 150;

/** 'network' (not handled), 'asset' (cache first), 'page' or 'static' (network first). */
function routeRequest(request, origin) {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/')) return 'network';
  if (path === '/g' || path.startsWith('/g/')) return 'network';
  if (path === '/sw.js') return 'network';
  if (path.startsWith('/assets/')) return 'asset';
  if (request.mode === 'navigate') return path === '/business' || path.startsWith('/business/') ? 'page' : 'network';
  if (path.startsWith('/icons/') || path === '/manifest.webmanifest' || path === '/favicon.svg') return 'static';
  return 'network';
}

/** The /assets/ URLs of this origin among `urls` (what the page reports it has loaded). */
function assetUrls(urls, origin) {
  return urls.filter((u) => {
    try {
      const url = new URL(u, origin);
      return url.origin === origin && url.pathname.startsWith('/assets/') && !url.search;
    } catch {
      return false;
    }
  });
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await trim(cache);
  }
  return response;
}

async function networkFirst(request, route) {
  const cache = await caches.open(SHELL_CACHE);
  const key = route === 'page' ? SHELL_URL : request;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

/** The shell document and the assets it names directly (lazy chunks arrive by message). */
async function precacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const response = await fetch(SHELL_URL, { headers: { accept: 'text/html' }, cache: 'no-cache' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(SHELL_URL, response);
  const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cacheAssets(named);
}

async function cacheAssets(urls) {
  const cache = await caches.open(ASSET_CACHE);
  for (const url of assetUrls(urls, self.location.origin)) {
    if (await cache.match(url)) continue;
    try {
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    } catch {
      // Offline while caching: the asset is cached the next time it is loaded.
    }
  }
  await trim(cache);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().catch(() => undefined).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('regalo-') && n !== SHELL_CACHE && n !== ASSET_CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'cache-assets' && Array.isArray(data.urls)) event.waitUntil(cacheAssets(data.urls));
});

self.addEventListener('fetch', (event) => {
  const route = routeRequest(event.request, self.location.origin);
  if (route === 'asset') event.respondWith(cacheFirst(event.request));
  else if (route === 'page' || route === 'static') event.respondWith(networkFirst(event.request, route));
});
