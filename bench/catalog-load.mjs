#!/usr/bin/env node
// Catalogue load benchmark: a fresh in-memory PGlite with 200 listed businesses × 10 gifts
// and 20 hidden ones (bench/seed-bench.mjs, the same factories as the tests and the demo), the
// real server listening on 127.0.0.1, and autocannon against the consumer listing endpoints
// as a signed-in user.
// Prints p50/p99 latency and requests per second per endpoint; not part of `npm test`.
//
//   npx tsx bench/catalog-load.mjs                  (10 s per endpoint, 10 connections)
//   BENCH_DURATION=5 BENCH_CONNECTIONS=20 npx tsx bench/catalog-load.mjs
//
// tsx is needed because the server and the factories are TypeScript.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createPglite, wrapPglite } from '../src/server/db/client.ts';
import { BENCH_PASSWORD, benchServerEnv, BUSINESSES, GIFTS_PER_BUSINESS, seedBench } from './seed-bench.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HIDDEN = 20;

const database = wrapPglite(await createPglite());
await database.migrate();

const seedStart = performance.now();
const { consumer } = await seedBench(database.db, { hidden: HIDDEN });
const seedMs = Math.round(performance.now() - seedStart);

const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-bench-'));
const config = loadConfig({ ...benchServerEnv, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', PUBLIC_URL: 'http://127.0.0.1:3000' });
const app = await buildApp({ config, database, webRoot: false, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  headers: { origin: config.publicUrl },
  payload: { email: consumer.email, password: BENCH_PASSWORD },
});
if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
const setCookie = signIn.headers['set-cookie'];
const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie]).map((c) => c.split(';')[0]).join('; ');

const targets = [
  ['gifts, page 1, cheapest first', '/api/catalog/gifts?sort=price_asc&page=1&pageSize=24'],
  ['gifts, page 4, dearest first, category', '/api/catalog/gifts?sort=price_desc&page=4&pageSize=24&category=retail'],
  ['gifts, text search', '/api/catalog/gifts?q=gift%2012&page=1'],
  ['businesses, page 1', '/api/catalog/businesses?page=1'],
  ['businesses, category + search', '/api/catalog/businesses?category=health&q=bench&page=2'],
];

const check = await app.inject({ method: 'GET', url: targets[0][1], headers: { cookie } });
const firstPage = check.json();
if (check.statusCode !== 200 || firstPage.total !== BUSINESSES * (GIFTS_PER_BUSINESS - 1)) {
  throw new Error(`unexpected listing: ${check.statusCode} total=${firstPage.total}`);
}

const results = [];
console.info(`seeded ${BUSINESSES} businesses × ${GIFTS_PER_BUSINESS} gifts (+${HIDDEN} hidden) in ${seedMs} ms; ${duration} s × ${connections} connections per endpoint`);
for (const [label, url] of targets) {
  const result = await autocannon({ url: `${address}${url}`, headers: { cookie }, duration, connections });
  const row = {
    endpoint: label,
    url,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
  };
  results.push(row);
  console.info(`${label.padEnd(42)} ${String(row.reqPerSec).padStart(6)} req/s   p50 ${row.p50ms} ms   p99 ${row.p99ms} ms   non-2xx ${row.non2xx}`);
}

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `catalog-load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ businesses: BUSINESSES, giftsPerBusiness: GIFTS_PER_BUSINESS, duration, connections, database: 'pglite', results }, null, 2));
console.info(`written ${path.relative(process.cwd(), file)}`);

await app.close();
await database.close();
if (results.some((r) => r.non2xx > 0 || r.errors > 0)) process.exit(1);
