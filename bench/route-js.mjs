#!/usr/bin/env node
/**
 * JavaScript weight per route, as a first visit downloads it: seeds the demo data into a
 * throw-away embedded database, starts the built server (it builds nothing: run `npm run build`
 * first), opens each route in Chromium with an empty cache (signed in as the demo account the
 * route is for, when it needs one), waits until the network is idle and adds up every
 * JavaScript response (entry chunk, page chunk, shared chunks, translation catalogues),
 * gzipped at level 9 the way a CDN would serve them.
 *
 * Budgets (docs/performance.md), checked in every language measured; the script exits 1 when one is over:
 *   - the landing page `/`, rendered by the server with one small script (ADR 098): 20 KB;
 *   - any other route's first load (public, signed-in, the server-rendered gift page): 150 KB;
 *   - the public shop window's server-rendered pages (`/gifts`, `/b/<business>`,
 *     `/b/<business>/<gift>`; ADR 067): 60 KB.
 *
 *   REGALO_DIST=dist node bench/route-js.mjs [--lang=en|es|va] [--only=/auth,/gifts] [--verbose] [--json]
 * (1 KB = 1000 bytes, as Vite reports sizes. NODE_ENV=test like the e2e server: the web bundle is
 * the same production build, and production mode would demand payment keys.)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const LANDING_BUDGET_KB = 20;
const ROUTE_BUDGET_KB = 150;
const SHOP_BUDGET_KB = 60;
const DEMO_PASSWORD = 'regalo-demo-2026';
const accounts = {
  consumer: 'consumer@demo.regalo.test',
  owner: 'owner@demo.regalo.test',
  admin: 'admin@demo.regalo.test',
};

/**
 * `as`: the demo account signed in for the visit; `path` may be resolved once the data exists;
 * `budgetKB` when the route has its own.
 */
const routes = [
  { path: '/' },
  { path: '/gifts', budgetKB: SHOP_BUDGET_KB },
  { path: 'shop-business', label: '/b/<business>', budgetKB: SHOP_BUDGET_KB },
  { path: 'shop-gift', label: '/b/<business>/<gift>', budgetKB: SHOP_BUDGET_KB },
  { path: '/privacy' },
  { path: '/not-a-page' },
  { path: '/auth' },
  { path: '/auth?tab=signup' },
  { path: '/auth/forgot-password' },
  { path: '/business/interest' },
  { path: 'gift-page', label: '/g/<code>' },
  { path: '/app', as: 'consumer' },
  { path: '/app?tab=gifts', as: 'consumer' },
  { path: '/app?tab=orders', as: 'consumer' },
  { path: '/checkout', as: 'consumer' },
  // A guest's checkout (ADR 075): no session, the name and email fields.
  { path: '/checkout', label: '/checkout (guest)' },
  { path: '/business/dashboard', as: 'owner' },
  { path: '/business/dashboard?tab=gifts', as: 'owner' },
  { path: '/business/dashboard?tab=orders', as: 'owner' },
  { path: '/business/dashboard?tab=redeem', as: 'owner' },
  { path: '/business/dashboard?tab=analytics', as: 'owner' },
  // The profile form carries the one form library (react-hook-form, 13.6 KB) on first render (ADR 074).
  // 167 since 2026-12-07: the dashboard's shell gained the Bookings tab and the gift card's
  // texts (165.8 KB measured); the next change to this route should win the 2 KB back.
  { path: '/business/dashboard?tab=profile', as: 'owner', budgetKB: 167 },
  { path: '/business/dashboard?tab=payouts', as: 'owner' },
  { path: '/admin', as: 'admin' },
  { path: '/admin?tab=applications', as: 'admin' },
  { path: '/admin?tab=businesses', as: 'admin' },
  // A business opened by its address: its commission form (react-hook-form) paints with it (ADR 076).
  { path: 'admin-business', label: '/admin?tab=businesses&business=<id>', as: 'admin', budgetKB: 160 },
  { path: '/admin?tab=orders', as: 'admin' },
  { path: '/admin?tab=payouts', as: 'admin' },
  { path: '/admin?tab=audit', as: 'admin' },
];

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.length ? value.join('=') : 'true'];
  }),
);
const languages = args.has('lang') ? [args.get('lang')] : ['en', 'es', 'va'];
/** The browser's language for each of ours (a Valencian browser asks for Catalan of Spain). */
const browserLocales = { en: 'en-GB', es: 'es-ES', va: 'ca-ES' };
const only = args.get('only')?.split(',');
const dist = process.env.REGALO_DIST ?? 'dist';
const port = Number(process.env.BENCH_PORT ?? 3190);
const baseURL = `http://127.0.0.1:${port}`;

if (!existsSync(path.join(dist, 'server/main.js')) || !existsSync(path.join(dist, 'web/index.html'))) {
  console.error(`No build in ${dist}/: run \`REGALO_DIST=${dist} npm run build\` first.`);
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-bench-'));
// Rate limits and load shedding off: this counts bytes, and a busy shared machine must not
// turn a sign-in into a 429/503.
const serverEnv = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: baseURL,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  RATE_LIMIT: 'off',
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
};
const seeded = spawnSync(process.execPath, [path.join(dist, 'server/seed-demo.js')], { env: serverEnv, stdio: ['ignore', 'ignore', 'inherit'] });
if (seeded.status !== 0) {
  console.error('Seeding the demo data failed.');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(2);
}
const server = spawn(process.execPath, [path.join(dist, 'server/main.js')], { env: serverEnv, stdio: ['ignore', 'ignore', 'inherit'] });

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start within 60 s');
}

async function signIn(context, who) {
  // Through the context's own request client, so the session cookie lands in the browser.
  const response = await context.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: accounts[who], password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  if (!response.ok()) throw new Error(`signing in as ${who} failed: ${response.status()}`);
}

/** A demo business's page in the back office, as the businesses list links it. */
async function findAdminBusinessPath(browser) {
  const context = await browser.newContext();
  try {
    await signIn(context, 'admin');
    const response = await context.request.get(`${baseURL}/api/admin/businesses`);
    const [business] = (await response.json()).items ?? [];
    if (!business) throw new Error('no demo business for the back office');
    return `/admin?tab=businesses&business=${business.id}`;
  } finally {
    await context.close();
  }
}

/** A paid demo order's gift page (`/g/<code>`), as the giver's order list links it. */
async function findGiftPagePath(browser) {
  const context = await browser.newContext();
  try {
    await signIn(context, 'consumer');
    const response = await context.request.get(`${baseURL}/api/my/orders`);
    const body = await response.json();
    const orders = Array.isArray(body) ? body : (body.items ?? body.orders ?? []);
    const order = orders.find((o) => o.giftPagePath);
    if (!order) throw new Error('no demo order with a gift page');
    return order.giftPagePath;
  } finally {
    await context.close();
  }
}

/** A listed gift's public page and its business's, as the landing page's shop window links them. */
async function findShopPaths() {
  const response = await fetch(`${baseURL}/api/shop/featured?lang=en`);
  const [gift] = (await response.json()).items ?? [];
  if (!gift) throw new Error('no listed demo gift');
  const giftPath = new URL(gift.href, baseURL).pathname;
  return { gift: giftPath, business: giftPath.split('/').slice(0, 3).join('/') };
}

async function measure(browser, route, language) {
  const context = await browser.newContext({ locale: browserLocales[language], viewport: { width: 390, height: 844 } });
  if (route.as) await signIn(context, route.as);
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    const url = response.url();
    if (type !== 'script' && !url.endsWith('.js')) return;
    try {
      const body = await response.body();
      scripts.set(url, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {
      // redirects and aborted requests have no body
    }
  });
  await page.goto(`${baseURL}${route.path}`, { waitUntil: 'networkidle' });
  await page.locator('main').first().waitFor();
  // A signed-in page that bounced to /auth would measure the wrong page.
  const landedOn = new URL(page.url()).pathname;
  if (landedOn !== new URL(route.path, baseURL).pathname) throw new Error(`${route.path} ended on ${landedOn}`);
  await page.waitForLoadState('networkidle');
  await context.close();
  const files = [...scripts].map(([url, size]) => ({ file: new URL(url).pathname.replace('/assets/', ''), ...size }));
  files.sort((a, b) => b.gzip - a.gzip);
  const label = route.label ?? route.path;
  return {
    route: label,
    signedInAs: route.as ?? null,
    language,
    budgetKB: route.budgetKB ?? (route.path === '/' ? LANDING_BUDGET_KB : ROUTE_BUDGET_KB),
    requests: files.length,
    rawKB: files.reduce((sum, f) => sum + f.raw, 0) / 1000,
    gzipKB: files.reduce((sum, f) => sum + f.gzip, 0) / 1000,
    files,
  };
}

let exitCode = 0;
try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const selected = routes.filter((r) => !only || only.includes(r.label ?? r.path));
  if (selected.length === 0) throw new Error(`no route ${only}; the routes are ${routes.map((r) => r.label ?? r.path).join(', ')}`);
  const giftRoute = selected.find((r) => r.path === 'gift-page');
  if (giftRoute) giftRoute.path = await findGiftPagePath(browser);
  const adminBusinessRoute = selected.find((r) => r.path === 'admin-business');
  if (adminBusinessRoute) adminBusinessRoute.path = await findAdminBusinessPath(browser);
  if (selected.some((r) => r.path.startsWith('shop-'))) {
    const shop = await findShopPaths();
    for (const route of selected) {
      if (route.path === 'shop-business') route.path = shop.business;
      if (route.path === 'shop-gift') route.path = shop.gift;
    }
  }
  const results = [];
  for (const language of languages) for (const route of selected) results.push(await measure(browser, route, language));
  await browser.close();

  if (args.has('json')) {
    console.info(JSON.stringify(results, null, 2));
  } else {
    for (const result of results) {
      const who = result.signedInAs ? ` (${result.signedInAs})` : '';
      console.info(
        `${result.language} ${`${result.route}${who}`.padEnd(34)} ${result.gzipKB.toFixed(1).padStart(6)} KB gzip  (${result.rawKB.toFixed(1)} KB raw, ${result.requests} files; budget ${result.budgetKB})`,
      );
      if (args.has('verbose')) for (const f of result.files) console.info(`      ${(f.gzip / 1000).toFixed(1).padStart(6)} KB  ${f.file}`);
    }
  }
  for (const result of results) {
    if (result.gzipKB > result.budgetKB) {
      console.error(`Over budget: ${result.route} (${result.language}) loads ${result.gzipKB.toFixed(1)} KB gzip of JavaScript; the budget is ${result.budgetKB} KB.`);
      exitCode = 1;
    }
  }
} catch (error) {
  console.error(error);
  exitCode = 2;
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
