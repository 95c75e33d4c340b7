#!/usr/bin/env node
// Splits the signed-in catalogue request into its parts (health, session check, a signed-in
// trivial endpoint, the listing use case called directly, the whole request), sequentially
// through `inject`, on a PostgreSQL database bench/budgets.mjs has filled. Not in `npm test`.
// Since ADR 037 the HTTP rows after the warm-up are session- and catalogue-cache hits; the
// direct `listCatalogGifts` row is what a cache miss costs.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/regalo_bench_scale npx tsx bench/catalog-split.mjs
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { listCatalogGifts } from '../src/server/features/catalog/list-catalog-gifts.ts';
import { createUser } from '../src/server/testing/factories.ts';
import { BENCH_PASSWORD, benchServerEnv, CATALOG_URL } from './seed-bench.mjs';
const database = await openDatabase({ kind: 'postgresql', url: process.env.BENCH_DATABASE_URL });
const config = loadConfig({ ...benchServerEnv, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'rs-')), PUBLIC_URL: 'http://127.0.0.1:3000' });
const app = await buildApp({ config, database, webRoot: false, logger: false });
const u = await createUser(database.db, { email: `split-${Date.now()}@example.test` });
const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: config.publicUrl }, payload: { email: u.email, password: BENCH_PASSWORD } });
const cookie = [res.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');
const N = 300;
async function time(label, fn) {
  for (let i = 0; i < 30; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < N; i++) await fn();
  console.info(label.padEnd(40), ((performance.now() - t) / N).toFixed(2), 'ms/op');
}
const q = { sort: 'price_asc', page: 1, pageSize: 24 };
// Twice: the first round warms the JIT and the pool.
for (let r = 0; r < 2; r++) {
await time('health', () => app.inject({ url: '/api/health' }));
await time('get-session (auth only)', () => app.inject({ url: '/api/auth/get-session', headers: { cookie } }));
await time('profile (session + 1 query)', () => app.inject({ url: '/api/profile', headers: { cookie } }));
await time('listCatalogGifts direct', () => listCatalogGifts(database.db, q));
await time('catalog gifts (HTTP)', () => app.inject({ url: CATALOG_URL, headers: { cookie } }));
}
await app.close(); await database.close();
