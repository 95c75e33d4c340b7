#!/usr/bin/env node
/**
 * JavaScript weight per public route, as a first visit downloads it: starts the built server
 * (it builds nothing: run `npm run build` first), opens each route in Chromium with an empty
 * cache, waits until the network is idle and adds up every JavaScript response (entry chunk,
 * page chunk, shared chunks, translation catalogues), gzipped at level 9 the way a CDN would
 * serve them. Exits non-zero when the landing page goes over its 100 KB budget.
 *
 *   REGALO_DIST=dist node bench/route-js.mjs [--lang=en|es] [--json]
 * (1 KB = 1000 bytes, as Vite reports sizes. NODE_ENV=test like the e2e server: the web bundle is
 * the same production build, and production mode would demand payment keys.)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const BUDGET_KB = 100;
const BUDGET_ROUTE = '/';
const routes = ['/', '/privacy', '/not-a-page', '/auth'];

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? 'true']));
const languages = args.has('lang') ? [args.get('lang')] : ['en', 'es'];
const dist = process.env.REGALO_DIST ?? 'dist';
const port = Number(process.env.BENCH_PORT ?? 3190);
const baseURL = `http://127.0.0.1:${port}`;

if (!existsSync(path.join(dist, 'server/main.js')) || !existsSync(path.join(dist, 'web/index.html'))) {
  console.error(`No build in ${dist}/: run \`REGALO_DIST=${dist} npm run build\` first.`);
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-bench-'));
const server = spawn(process.execPath, [path.join(dist, 'server/main.js')], {
  env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseURL, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

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

async function measure(browser, route, language) {
  const context = await browser.newContext({ locale: language === 'es' ? 'es-ES' : 'en-GB', viewport: { width: 390, height: 844 } });
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
  await page.goto(`${baseURL}${route}`, { waitUntil: 'networkidle' });
  await page.locator('main').first().waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  const files = [...scripts].map(([url, size]) => ({ file: new URL(url).pathname.replace('/assets/', ''), ...size }));
  files.sort((a, b) => b.gzip - a.gzip);
  return {
    route,
    language,
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
  const results = [];
  for (const language of languages) for (const route of routes) results.push(await measure(browser, route, language));
  await browser.close();

  if (args.has('json')) {
    console.info(JSON.stringify(results, null, 2));
  } else {
    for (const result of results) {
      console.info(`${result.language} ${result.route.padEnd(12)} ${result.gzipKB.toFixed(1).padStart(6)} KB gzip  (${result.rawKB.toFixed(1)} KB raw, ${result.requests} files)`);
      if (args.has('verbose')) for (const f of result.files) console.info(`      ${(f.gzip / 1000).toFixed(1).padStart(6)} KB  ${f.file}`);
    }
  }
  for (const result of results.filter((r) => r.route === BUDGET_ROUTE)) {
    if (result.gzipKB > BUDGET_KB) {
      console.error(`Over budget: ${result.route} (${result.language}) loads ${result.gzipKB.toFixed(1)} KB gzip of JavaScript; the budget is ${BUDGET_KB} KB.`);
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
