#!/usr/bin/env node
// The public shop window's throughput (ADR 067): `/gifts` (first page, and a filtered later
// page), a business page and a gift page against `/api/health`, in one run, at 50 connections,
// on the server as it runs (openDatabase: PGlite on disk, or PostgreSQL with
// BENCH_DATABASE_URL, a database this script empties and fills). The budget: `/gifts` at ≥ 50 %
// of `/api/health`'s requests per second. The pages come from the versioned catalogue cache
// (ADR 037, 067); a write to a gift between rounds shows the cost of a change.
//
//   npx tsx bench/shop-window-load.mjs
//   BENCH_DURATION=5 BENCH_CONNECTIONS=50 npx tsx bench/shop-window-load.mjs
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/regalo_bench npx tsx bench/shop-window-load.mjs
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { benchServerEnv, BUSINESSES, GIFTS_PER_BUSINESS, seedBench } from './seed-bench.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pgUrl = process.env.BENCH_DATABASE_URL;

const pgliteDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'regalo-bench-db-')), 'pglite');
const database = await openDatabase(pgUrl ? { kind: 'postgresql', url: pgUrl } : { kind: 'pglite', dataDir: pgliteDir });
if (pgUrl) await database.db.execute(sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public`);
await database.migrate();
await seedBench(database.db, {});

const config = loadConfig({ ...benchServerEnv, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'regalo-bench-')), PUBLIC_URL: 'http://127.0.0.1:3000' });
const app = await buildApp({ config, database, webRoot: false, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

// A listed business and one of its gifts, by the shop's own rule.
const gifts = JSON.parse((await app.inject({ method: 'GET', url: '/api/shop/featured?lang=es' })).body).items;
if (gifts.length === 0) throw new Error('no listed gift to open');
const giftPath = gifts[0].href.split('?')[0];
const businessPath = giftPath.split('/').slice(0, 3).join('/');

const targets = [
  ['/api/health', '/api/health'],
  ['/gifts, first page', '/gifts?lang=es'],
  ['/gifts, category, price, page 2', '/gifts?lang=es&category=retail&minPrice=10&maxPrice=60&page=2'],
  ['business page', `${businessPath}?lang=es`],
  ['gift page', `${giftPath}?lang=es`],
];
for (const [label, url] of targets) {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode}`);
}

const results = [];
console.info(`${pgUrl ? 'postgresql' : 'pglite'}: ${BUSINESSES} businesses × ${GIFTS_PER_BUSINESS} gifts; ${duration} s × ${connections} connections per address`);
for (const [label, url] of targets) {
  const result = await autocannon({ url: `${address}${url}`, duration, connections, headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
  const row = { label, url, reqPerSec: Math.round(result.requests.average), p50ms: result.latency.p50, p99ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
  results.push(row);
  console.info(`${label.padEnd(34)} ${String(row.reqPerSec).padStart(6)} req/s   p50 ${row.p50ms} ms   p99 ${row.p99ms} ms   non-2xx ${row.non2xx}`);
}
const health = results[0].reqPerSec;
const gifts1 = results[1].reqPerSec;
const ratio = Math.round((gifts1 / health) * 100);
console.info(`/gifts at ${ratio} % of /api/health (budget ≥ 50 %)`);

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `shop-window-load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ database: pgUrl ? 'postgresql' : 'pglite', duration, connections, ratio, results }, null, 2));
console.info(`written ${path.relative(process.cwd(), file)}`);

await app.close();
await database.close();
if (results.some((r) => r.non2xx > 0 || r.errors > 0) || ratio < 50) process.exit(1);
