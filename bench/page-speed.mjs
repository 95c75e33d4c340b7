#!/usr/bin/env node
// Page-speed benchmark: Lighthouse (mobile profile, its default throttling) against a
// running Regalo server, three runs, median figures. Not part of `npm test`.
//
//   node bench/page-speed.mjs [url]          (or PAGE_SPEED_URL=...; default http://127.0.0.1:3000/)
//   PAGE_SPEED_RUNS=5 node bench/page-speed.mjs
//   PAGE_SPEED_SIGN_IN=consumer@demo.regalo.test node bench/page-speed.mjs http://127.0.0.1:3000/app?tab=gifts
//   PAGE_SPEED_THROTTLING=devtools node bench/page-speed.mjs   (see `throttlingMethod` below)
//
// Performance and accessibility categories. With PAGE_SPEED_SIGN_IN (a demo account; password
// PAGE_SPEED_PASSWORD, default the demo one) the script signs in once through the API and
// Lighthouse sends that session cookie with every request (`extraHeaders`), so a signed-in
// page is measured as its user sees it, and a fresh browser still starts with an empty cache.
// Writes every run's figures and the medians to bench/results/page-speed-<time>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const url = process.argv[2] ?? process.env.PAGE_SPEED_URL ?? 'http://127.0.0.1:3000/';
const runs = Number(process.env.PAGE_SPEED_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const signInEmail = process.env.PAGE_SPEED_SIGN_IN;
const signInPassword = process.env.PAGE_SPEED_PASSWORD ?? 'regalo-demo-2026';

/** The session cookie of a demo account, as `name=value` pairs for a Cookie header. */
async function sessionCookie() {
  const origin = new URL(url).origin;
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: signInEmail, password: signInPassword }),
  });
  if (!response.ok) throw new Error(`signing in as ${signInEmail} failed: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  if (cookies.length === 0) throw new Error('signing in returned no cookie');
  return cookies.join('; ');
}

const cookie = signInEmail ? await sessionCookie() : null;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function measureOnce() {
  // A fresh browser per run, so no cache or warm process carries over between runs.
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Lighthouse's default ('simulate', the budgets' figure) loads the page at full speed and
      // estimates the slow phone from the trace (Lantern), which counts every script fetched
      // with high priority as blocking the first paint. 'devtools' makes Chromium itself run
      // at the slow network and 4x CPU, so the paints are observed, not estimated: the check
      // that a change helps the phone and not only the estimate (ADR 052).
      throttlingMethod: process.env.PAGE_SPEED_THROTTLING ?? 'simulate',
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    // A signed-in page that bounced to /auth would measure the wrong page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
    }
    const failedAccessibility = Object.values(lhr.audits)
      .filter((a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) && a.score === 0)
      .map((a) => a.id);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      failedAccessibility,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      transferBytes: audit('total-byte-weight'),
      // Less dependent on the machine's load than the timings: how many files the page
      // fetched, and the main thread's work by kind (Lighthouse scales it by its 4× CPU
      // slowdown); `styleLayout` shows forced layouts, `scriptEvaluation` the JavaScript.
      requests: lhr.audits['network-requests']?.details?.items?.length ?? null,
      scriptRequests: lhr.audits['network-requests']?.details?.items?.filter((item) => item.resourceType === 'Script').length ?? null,
      mainThreadMs: audit('mainthread-work-breakdown'),
      mainThreadByKind: Object.fromEntries(
        (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [item.group, Math.round(item.duration)]),
      ),
      // What the largest paint was and where its time went (TTFB, load delay, load time,
      // render delay): the first thing to read when LCP is the figure that misses.
      lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      lcpPhases: Object.fromEntries(
        (lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? []).map((item) => [item.phase, Math.round(item.timing)]),
      ),
      warnings: lhr.runWarnings,
      // PAGE_SPEED_FULL=1 keeps Lighthouse's whole report of each run (large) for deeper reading.
      ...(process.env.PAGE_SPEED_FULL === '1' ? { lhr } : {}),
    };
  } finally {
    await chrome.kill();
  }
}

const results = [];
for (let i = 1; i <= runs; i++) {
  const r = await measureOnce();
  results.push(r);
  console.info(
    `run ${i}/${runs}: score ${r.score}, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}, accessibility ${r.accessibility}${r.failedAccessibility.length ? ` (failing: ${r.failedAccessibility.join(', ')})` : ''}; ${r.scriptRequests} scripts of ${r.requests} requests, main thread ${Math.round(r.mainThreadMs)} ms (layout ${r.mainThreadByKind.styleLayout ?? 0}, script ${r.mainThreadByKind.scriptEvaluation ?? 0}); FCP ${Math.round(r.fcpMs)} ms; LCP element ${r.lcpElement} ${JSON.stringify(r.lcpPhases)}`,
  );
}

const summary = {
  url,
  signedInAs: signInEmail ?? null,
  measuredAt: new Date().toISOString(),
  lighthouse: `mobile profile (slow 4G, 4x CPU slowdown; throttling: ${process.env.PAGE_SPEED_THROTTLING ?? 'simulate'})`,
  runs: results.length,
  median: {
    score: median(results.map((r) => r.score)),
    accessibility: median(results.map((r) => r.accessibility)),
    fcpMs: Math.round(median(results.map((r) => r.fcpMs))),
    lcpMs: Math.round(median(results.map((r) => r.lcpMs))),
    tbtMs: Math.round(median(results.map((r) => r.tbtMs))),
    cls: Number(median(results.map((r) => r.cls)).toFixed(3)),
    speedIndexMs: Math.round(median(results.map((r) => r.speedIndexMs))),
    transferBytes: Math.round(median(results.map((r) => r.transferBytes))),
  },
  results,
};

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `page-speed-${summary.measuredAt.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);

const m = summary.median;
console.info(
  `median of ${runs}: performance ${m.score}, accessibility ${m.accessibility}, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls} (FCP ${m.fcpMs} ms, ${Math.round(m.transferBytes / 1024)} KiB)`,
);
console.info(`written to ${path.relative(process.cwd(), file)}`);
