#!/usr/bin/env node
// The heart of the product, one request at a time: checkout creation, the gift page
// /g/<code> and redemption, each through `inject`, sequentially, warm. Prints the mean time
// per request and the SQL statements each one runs (counted by drizzle's logger, which sees
// Better Auth's queries too; transaction BEGIN/COMMIT are counted separately), then the cost
// of the pure parts on their own (QR, mail rendering). The CPU time per request (the
// process's user + system time) varies far less with a busy machine than the elapsed time. PGlite by default (in memory), or
// PostgreSQL with BENCH_DATABASE_URL (a database this script empties and fills). Not in
// `npm test`; the throughput budgets are bench/budgets.mjs.
//
//   npx tsx bench/heart-split.mjs
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/regalo_bench_split npx tsx bench/heart-split.mjs
//   HEART_SQL=1 npx tsx bench/heart-split.mjs        # also print each request's statements
//   HEART_PROFILE=bench/results/prof npx tsx bench/heart-split.mjs   # a .cpuprofile per path (timed part only)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { TERMS_VERSION } from '../src/shared/domain/legal-versions.ts';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createPglite, wrapPglite } from '../src/server/db/client.ts';
import { giftPageUrl } from '../src/server/domain/orders/gift-page-url.ts';
import { renderQrSvg } from '../src/server/domain/orders/gift-qr.ts';
import { renderTemplate } from '../src/server/mail/templates.ts';
import { migrationsDir } from '../src/server/platform/paths.ts';
import { BENCH_PASSWORD, benchServerEnv, seedBench } from './seed-bench.mjs';

const N = Number(process.env.HEART_N ?? 200);
const pgUrl = process.env.BENCH_DATABASE_URL;
let statements = [];
const logger = { logQuery: (query) => statements.push(query) };

let database;
if (pgUrl) {
  const pool = new pg.Pool({ connectionString: pgUrl, max: 10 });
  const db = drizzleNodePg(pool, { logger });
  await db.execute(sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public`);
  await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: migrationsDir });
  database = { db, kind: 'postgresql', migrate: async () => {}, close: () => pool.end() };
} else {
  // The server's own adapter (named prepared statements, ADR 049), so the figures are the server's.
  database = wrapPglite(await createPglite(), { logger });
  await database.migrate();
}
const { db } = database;

// 20 businesses: the statements, not the catalogue's size, are what this measures.
const { shopOwner, consumer, firstGift, giftPageOrder, toRedeem } = await seedBench(db, { businesses: 20, orders: 2 * (N + 30), prefix: 'split' });

const config = loadConfig({
  ...benchServerEnv,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'regalo-split-')),
  PUBLIC_URL: 'http://127.0.0.1:3000',
});
const app = await buildApp({ config, database, webRoot: false, logger: false });
const origin = config.publicUrl;
async function signIn(email) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin }, payload: { email, password: BENCH_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode}`);
  return [res.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');
}
const cookie = await signIn(consumer.email);
const ownerCookie = await signIn(shopOwner.email);

const checkoutBody = () => ({
  idempotencyKey: `split_${randomUUID().replaceAll('-', '')}`,
  acceptedTermsVersion: TERMS_VERSION,
  lines: [{ giftId: firstGift.id, recipientName: 'Lucía', recipientEmail: 'lucia@example.test', recipientPhone: null, personalMessage: null, recipientLocale: 'es', delivery: { kind: 'now' } }],
});
let redeemed = 0;
const paths = {
  'session only (GET /api/profile)': () => app.inject({ url: '/api/profile', headers: { cookie } }),
  'checkout creation': () => app.inject({ method: 'POST', url: '/api/checkouts', headers: { cookie, origin }, payload: checkoutBody() }),
  'gift page /g/<code>': () => app.inject({ url: `/g/${giftPageOrder.qrCode}` }),
  redemption: () =>
    app.inject({ method: 'POST', url: '/api/business/redemptions', headers: { cookie: ownerCookie, origin }, payload: { code: toRedeem[redeemed++] } }),
};
const expected = { 'checkout creation': 201 };

console.info(`${database.kind}: ${os.cpus().length} CPUs, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
// HEART_ONLY=redemption (a substring of a label) measures that path alone, e.g. under --cpu-prof.
const only = process.env.HEART_ONLY;
const profileDir = process.env.HEART_PROFILE;
let profiler;
if (profileDir) {
  mkdirSync(profileDir, { recursive: true });
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
}
for (const [label, run] of Object.entries(paths).filter(([l]) => !only || l.includes(only))) {
  statements = [];
  const res = await run();
  if (res.statusCode !== (expected[label] ?? 200)) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  const count = statements.length;
  const transactions = statements.filter((s) => /^begin/i.test(s)).length;
  if (process.env.HEART_SQL) for (const s of statements) console.info(`   ${s.slice(0, 160)}`);
  // Twice, keeping the second: the first warms the JIT and the pool.
  let ms = 0;
  let cpuMs = 0;
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 20; i++) await run();
    if (round === 1 && profiler) await profiler.post('Profiler.start');
    const start = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < N; i++) await run();
    ms = (performance.now() - start) / N;
    const used = process.cpuUsage(cpu);
    cpuMs = (used.user + used.system) / 1000 / N;
  }
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    const file = path.join(profileDir, `${label.replace(/[^a-z]+/gi, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
  }
  console.info(`${label.padEnd(34)} ${ms.toFixed(2).padStart(6)} ms/request (CPU ${cpuMs.toFixed(2)} ms)   ${count} statements via drizzle${transactions ? ` (${transactions} begin)` : ''}`);
}

async function timePure(label, fn) {
  for (let i = 0; i < 50; i++) await fn();
  const start = performance.now();
  for (let i = 0; i < N; i++) await fn();
  console.info(`${label.padEnd(34)} ${((performance.now() - start) / N).toFixed(2).padStart(6)} ms`);
}
// A new code each time: renderQrSvg keeps the recent ones, and this measures the drawing.
await timePure('  QR SVG of a new gift page URL', () => renderQrSvg(giftPageUrl(origin, randomBytes(32).toString('base64url')), 'QR'));
await timePure('  gift-enjoyed mail rendering', () =>
  renderTemplate('gift-enjoyed', { name: 'Lucía', giftName: 'Menú', businessName: 'Bar', recipientName: 'Marta', url: `${origin}/app?tab=orders` }, 'es'),
);

await app.close();
await database.close();
