#!/usr/bin/env node
// The performance budgets of docs/performance.md in one run, on PGlite (default) or PostgreSQL
// (BENCH_DATABASE_URL, a database this script empties and fills):
// 1. Catalogue: signed-in GET /api/catalog/gifts (200 businesses × 10 gifts) against
//    GET /api/health, alternating, at BENCH_CONNECTIONS (default 50) connections. Budget:
//    catalogue ≥ 50 % of health's throughput in the same run, p99 ≤ 100 ms.
// 2. Heart of the product at 20 requests/s each (BENCH_ARRIVALS below): checkout creation, the gift page
//    /g/<code>, redemption (each request redeems another paid order). Budget: p99 ≤ 50 ms.
// The machine these run on may be shared: compare ratios from one run, not absolute figures.
// The load generator runs in a child process (bench/autocannon-worker.mjs). Not part of `npm test`.
//
//   npx tsx bench/budgets.mjs
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/regalo_bench npx tsx bench/budgets.mjs
//   BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_RATE=20 npx tsx bench/budgets.mjs
//   BENCH_ONLY=catalog node --cpu-prof --cpu-prof-dir=bench/results --import tsx bench/budgets.mjs
//   BENCH_ONLY=heart npx tsx bench/budgets.mjs           # the heart of the product alone
//   BENCH_TRACE=1 BENCH_ONLY=heart npx tsx bench/budgets.mjs   # + bytes allocated per request, the loop's longest stalls, and what
//                                                        the slowest requests overlapped (bench/trace.mjs);
//                                                        BENCH_TRACE=sql also the longest database calls
// PGlite opens as the server opens it (openDatabase: its settings, a data directory on disk,
// a fresh temporary one); BENCH_PGLITE_DIR=memory:// keeps the whole database in memory.
// Resident memory is printed at the end, split into the V8 heap, PGlite's WebAssembly memory
// and the rest.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { TERMS_VERSION } from '../src/shared/domain/legal-versions.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { BENCH_PASSWORD, BUSINESSES, benchServerEnv, CATALOG_URL, GIFTS_PER_BUSINESS, seedBench } from './seed-bench.mjs';
import { allocationPerCall, startTrace } from './trace.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rate = Number(process.env.BENCH_RATE ?? 20);
const pgUrl = process.env.BENCH_DATABASE_URL;
const tracing = Boolean(process.env.BENCH_TRACE);
// Seconds of the same load before each heart-of-the-product measurement, not counted: a
// server in production is warm, and the first requests of a fresh process (code not yet
// optimised, statements not yet prepared) would otherwise be the p99 of a short run.
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
// How the heart of the product's 20 requests a second arrive (BENCH_ARRIVALS, comma-separated):
// - poisson: at random moments, independently, as visitors do (bench/arrivals-worker.mjs,
//   open loop, latency counted from when each request was due). The budget's figure (ADR 049).
// - even: one every 1/rate s, the same generator.
// - bursts: autocannon's overallRate, a per-second quota per connection: 20 requests at the
//   start of each second, 5 at a time. A harsher pattern than the budget's, kept as a stress figure.
const arrivals = (process.env.BENCH_ARRIVALS ?? 'poisson,bursts').split(',');
const ARRIVAL_PATTERNS = ['poisson', 'even', 'bursts'];
for (const pattern of arrivals) if (!ARRIVAL_PATTERNS.includes(pattern)) throw new Error(`BENCH_ARRIVALS: ${pattern} is not one of ${ARRIVAL_PATTERNS.join(', ')}`);
// Requests (and so bodies: checkout keys, orders to redeem) one path may send, with a margin
// for the random number of Poisson arrivals.
const perPath = Math.ceil(rate * (warmup + duration * arrivals.length) * 1.3) + 60;
// Sequential requests per path for the allocation figure (BENCH_TRACE).
const ALLOCATION_RUNS = 40;

const pgliteDir = process.env.BENCH_PGLITE_DIR ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'regalo-bench-db-')), 'pglite');
const database = await openDatabase(pgUrl ? { kind: 'postgresql', url: pgUrl } : { kind: 'pglite', dataDir: pgliteDir });
if (pgUrl) await database.db.execute(sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public`);
await database.migrate();
const { db } = database;

const seedStart = performance.now();
const { shopOwner, consumer, firstGift, giftPageOrder, toRedeem, listed } = await seedBench(db, {
  orders: perPath + (tracing ? ALLOCATION_RUNS + 10 : 0),
});
const seedMs = Math.round(performance.now() - seedStart);

const config = loadConfig({
  ...benchServerEnv,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'regalo-bench-')),
  PUBLIC_URL: 'http://127.0.0.1:3000',
});
const app = await buildApp({ config, database, webRoot: false, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const origin = config.publicUrl;

async function signIn(email) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin }, payload: { email, password: BENCH_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const list = [res.headers['set-cookie']].flat();
  return list.map((c) => c.split(';')[0]).join('; ');
}
const cookie = await signIn(consumer.email);
const ownerCookie = await signIn(shopOwner.email);

const catalogUrl = CATALOG_URL;
const check = await app.inject({ method: 'GET', url: catalogUrl, headers: { cookie } });
if (check.statusCode !== 200 || check.json().total !== listed) throw new Error(`unexpected listing: ${check.statusCode}`);

/** A load generator in its own process (a file next to this one): its answer, once it has exited. */
function runGenerator(file, message) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(file, import.meta.url)));
    // Resolved once the generator has exited: no request of it is still in flight.
    child.once('message', (result) => child.once('exit', () => resolve(result)));
    child.once('error', reject);
    child.send(message);
  });
}

/** autocannon in its own process: `bodies` gives each request its own body. */
const load = (options, bodies) => runGenerator('./autocannon-worker.mjs', { options, bodies });

/** One heart-of-the-product load; `sent` is how many bodies it used. */
async function heartLoad(request, bodies, seconds, pattern, seed) {
  if (pattern === 'bursts') {
    const result = await load({ url: address, requests: [request], duration: seconds, connections: 5, overallRate: rate }, bodies);
    // Sent, not only answered, plus a margin for requests cut off when the run ended.
    return { ...result, sent: (result.requests.sent ?? result.requests.total) + 5 };
  }
  const result = await runGenerator('./arrivals-worker.mjs', {
    url: `${address}${request.path}`,
    method: request.method,
    headers: request.headers,
    bodies,
    rate,
    duration: seconds,
    spacing: pattern,
    seed,
  });
  return { ...result, sent: result.requests.sent };
}

const summary = (label, result) => ({
  label,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  reqPerSec: Math.round(result.requests.average),
  p50ms: result.latency.p50,
  p99ms: result.latency.p99,
});
const print = (row) =>
  console.info(`${row.label.padEnd(34)} ${String(row.reqPerSec).padStart(6)} req/s   p50 ${row.p50ms} ms   p99 ${row.p99ms} ms   non-2xx ${row.non2xx}   errors ${row.errors}`);

console.info(`${pgUrl ? 'postgresql' : 'pglite'}: seeded ${BUSINESSES} × ${GIFTS_PER_BUSINESS} gifts in ${seedMs} ms; ${os.cpus().length} CPUs, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);

// 1. Catalogue vs health, alternating twice so drifting background load hits both alike.
const throughput = { health: [], catalog: [] };
const rows = [];
for (let round = 0; round < (process.env.BENCH_ONLY === 'heart' ? 0 : 2); round++) {
  for (const [key, url, headers] of [['health', '/api/health', {}], ['catalog', catalogUrl, { cookie }]]) {
    const row = summary(`${key} (${connections} conns)`, await load({ url: `${address}${url}`, headers, duration: duration / 2, connections }));
    print(row);
    rows.push(row);
    throughput[key].push(row);
  }
}
const total = (list) => list.reduce((s, r) => s + r.requests, 0);
const catalogRatio = total(throughput.catalog) / total(throughput.health);
const catalogP99 = Math.max(...throughput.catalog.map((r) => r.p99ms));
if (rows.length > 0) console.info(`catalogue / health throughput: ${(catalogRatio * 100).toFixed(1)} % (budget ≥ 50 %); catalogue p99 ${catalogP99} ms (budget ≤ 100 ms)`);

// 2. Heart of the product at a fixed rate.
const checkoutBodies = Array.from({ length: perPath }, () =>
  JSON.stringify({
    idempotencyKey: `bench_${randomUUID().replaceAll('-', '')}`,
    acceptedTermsVersion: TERMS_VERSION,
    lines: [{ giftId: firstGift.id, recipientName: 'Lucía', recipientEmail: 'lucia@example.test', recipientPhone: null, personalMessage: null, recipientLocale: 'es', delivery: { kind: 'now' } }],
  }),
);
// BENCH_TRACE: orders of its own for the allocation figure, set aside before the load's list.
const spareOrders = tracing ? toRedeem.splice(-(ALLOCATION_RUNS + 10)) : [];
const heart = [
  ['checkout creation', { method: 'POST', path: '/api/checkouts', headers: { cookie, origin, 'content-type': 'application/json' } }, checkoutBodies],
  ['gift page /g/<code>', { method: 'GET', path: `/g/${giftPageOrder.qrCode}` }, undefined],
  // Each request redeems another paid order.
  [
    'redemption',
    { method: 'POST', path: '/api/business/redemptions', headers: { cookie: ownerCookie, origin, 'content-type': 'application/json' } },
    toRedeem.map((code) => JSON.stringify({ code })),
  ],
];
// BENCH_TRACE: bytes allocated per request, one at a time through inject (warm: 10 first).
if (tracing && process.env.BENCH_ONLY !== 'catalog') {
  const bodyFor = (label, i) =>
    label === 'checkout creation'
      ? JSON.stringify({ ...JSON.parse(checkoutBodies[0]), idempotencyKey: `alloc_${randomUUID().replaceAll('-', '')}` })
      : label === 'redemption'
        ? JSON.stringify({ code: spareOrders[i] })
        : undefined;
  for (const [label, request] of heart) {
    let used = 0;
    const once = async () => {
      const res = await app.inject({ method: request.method, url: request.path, headers: request.headers, payload: bodyFor(label, used++) });
      if (res.statusCode >= 300) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    };
    for (let i = 0; i < 10; i++) await once();
    const bytes = await allocationPerCall(once, ALLOCATION_RUNS);
    console.info(`  allocated per request, ${label}: ${Math.round(bytes / 1024)} KB (sampled, ${ALLOCATION_RUNS} sequential requests)`);
  }
}
const trace = tracing ? startTrace(database) : undefined;
// BENCH_ONLY=catalog skips this part (profiling the catalogue alone).
for (const [label, request, bodies] of process.env.BENCH_ONLY === 'catalog' ? [] : heart) {
  let used = 0;
  if (warmup > 0) used = (await heartLoad(request, bodies, warmup, 'poisson', 0)).sent;
  for (const [i, pattern] of arrivals.entries()) {
    // Bodies already sent (a checkout key, a redeemed order) are not sent again.
    const result = await heartLoad(request, bodies?.slice(used), duration, pattern, i + 1);
    used += result.sent;
    const row = summary(`${label} (${rate}/s, ${pattern})`, result);
    print(row);
    rows.push(row);
    trace?.phase(`${label}, ${pattern}`);
  }
}
trace?.stop();

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `budgets-${pgUrl ? 'postgresql' : 'pglite'}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const mb = (bytes) => Math.round(bytes / 1024 / 1024);
const usage = process.memoryUsage();
const rss = mb(usage.rss);
const memory = { rssMb: rss, heapUsedMb: mb(usage.heapUsed), heapTotalMb: mb(usage.heapTotal), externalMb: mb(usage.external), arrayBuffersMb: mb(usage.arrayBuffers), ...pgliteMemory() };
writeFileSync(file, JSON.stringify({ database: pgUrl ? 'postgresql' : `pglite ${pgliteDir === 'memory://' ? 'in memory' : 'on disk'}`, duration, connections, rate, catalogRatio, catalogP99, ...memory, load: os.loadavg(), rows }, null, 2));
console.info(`resident memory after the run: ${rss} MB (the server and its PGlite when embedded; the load generator runs in another process)`);
console.info(
  `  V8 heap ${memory.heapUsedMb} used / ${memory.heapTotalMb} MB; external ${memory.externalMb} MB (array buffers ${memory.arrayBuffersMb})` +
    (memory.pgliteWasmMb === undefined ? '' : `; PGlite's WebAssembly memory ${memory.pgliteWasmMb} MB of which ${memory.pgliteWasmResidentMb} MB resident`),
);

// BENCH_SMAPS=1: the largest resident mappings too (Linux), to see what else holds memory.
if (process.env.BENCH_SMAPS) {
  const maps = [];
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (range) maps.push({ size: parseInt(range[2], 16) - parseInt(range[1], 16), perm: range[3], name: line.split(/\s+/).slice(5).join(' '), rss: 0 });
    else if (line.startsWith('Rss:')) maps.at(-1).rss = Number(line.split(/\s+/)[1]) * 1024;
  }
  for (const m of maps.sort((a, b) => b.rss - a.rss).slice(0, 12)) console.info(`  ${m.perm} ${String(mb(m.size)).padStart(5)} MB mapped, ${String(mb(m.rss)).padStart(4)} MB resident ${m.name}`);
}

/**
 * PGlite's share: its WebAssembly linear memory (PostgreSQL's heap and shared buffers), found
 * in /proc/self/smaps as the read-write mapping of exactly that size, and how much of it is
 * resident. Its compiled code and, in memory, its files are counted elsewhere (external).
 */
function pgliteMemory() {
  const heap = database.kind === 'pglite' ? database.db.$client?.mod?.HEAPU8 : undefined;
  if (!heap) return {};
  let resident;
  try {
    let size = 0;
    for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      const range = /^([0-9a-f]+)-([0-9a-f]+) rw/.exec(line);
      if (range) size = parseInt(range[2], 16) - parseInt(range[1], 16);
      else if (/^[0-9a-f]+-/.test(line)) size = 0;
      else if (size === heap.byteLength && line.startsWith('Rss:')) resident = mb(Number(line.split(/\s+/)[1]) * 1024);
    }
  } catch {
    // Not Linux: the size alone.
  }
  return { pgliteWasmMb: mb(heap.byteLength), pgliteWasmResidentMb: resident };
}
console.info(`written ${path.relative(process.cwd(), file)}`);

await app.close();
await database.close();
