#!/usr/bin/env node
// The Christmas mix (docs/performance.md): shop pages, the signed-in catalogue, guest checkouts paid on
// the other server, gift pages and redemptions, sent open loop at a fixed rate (each request
// is due at its time whatever the answers before it; its latency counts from that time, so a
// server that falls behind cannot slow the load down and hide it). Prints each class's
// p50/p95/p99 and error count (non-2xx or no answer), then checks the money in SQL: every
// payment confirmed to a client is a succeeded checkout with its paid order, every redemption
// answered 200 redeemed exactly one order, and no order was redeemed twice.
//
// PostgreSQL, two servers (each request goes to the next one; a checkout is paid on the
// server that did not create it):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/regalo_christmas npm run bench:christmas
// Embedded PGlite, one server:
//   npm run bench:christmas
// Settings: BENCH_RATE (events/s, 60), BENCH_DURATION (s, 45), BENCH_SERVERS (2 on PostgreSQL).
// The database is emptied and seeded; the servers are the bundled server (main.ts) in child
// processes. Budget (docs/performance.md): at 60 events/s, p99 ≤ 300 ms for every class and
// 0 errors on PostgreSQL; ≤ 800 ms on PGlite.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { startServerProcess } from '../src/server/testing/server-process.ts';
import { TERMS_VERSION } from '../src/shared/domain/legal-versions.ts';
import { benchServerEnv, BENCH_PASSWORD, seedBench } from './seed-bench.mjs';

const rate = Number(process.env.BENCH_RATE ?? 60);
const duration = Number(process.env.BENCH_DURATION ?? 45);
const pgUrl = process.env.BENCH_DATABASE_URL;
const serverCount = Number(process.env.BENCH_SERVERS ?? (pgUrl ? 2 : 1));
if (!pgUrl && serverCount !== 1) throw new Error('PGlite is one process\'s database: one server');
const PUBLIC_URL = 'http://127.0.0.1:3000';

/** The mix, per 20 events: what a December day looks like, ten times over. */
const MIX = [
  ...Array(6).fill('shop page'),
  ...Array(2).fill('business page'),
  ...Array(4).fill('signed-in catalogue'),
  ...Array(3).fill('gift page'),
  ...Array(3).fill('guest checkout'),
  ...Array(2).fill('redemption'),
];
const events = Math.floor(rate * duration);
const redemptions = Math.ceil((events * MIX.filter((c) => c === 'redemption').length) / MIX.length) + 5;

// --- the data ---
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'regalo-christmas-'));
const openData = () => openDatabase(pgUrl ? { kind: 'postgresql', url: pgUrl } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }, { poolSize: 2 });
let database = await openData();
if (pgUrl) await database.db.execute(sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public`);
await database.migrate();
console.info(`seeding (${redemptions} codes to redeem)…`);
const seeded = await seedBench(database.db, { businesses: 40, orders: redemptions, prefix: 'christmas' });
if (!pgUrl) await database.close();

// --- the servers ---
const env = { ...benchServerEnv, PUBLIC_URL, DATA_DIR: dataDir, ...(pgUrl ? { DATABASE_URL: pgUrl } : {}) };
const servers = [];
for (let i = 0; i < serverCount; i++) servers.push(await startServerProcess({ ...env, DATA_DIR: pgUrl ? mkdtempSync(path.join(os.tmpdir(), 'regalo-christmas-s-')) : dataDir }));
const base = { origin: PUBLIC_URL };
const cookieOf = (res) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
async function signIn(email) {
  const res = await fetch(`${servers[0].origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { ...base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status}`);
  return cookieOf(res);
}
const consumerCookie = await signIn(seeded.consumer.email);
const ownerCookie = await signIn(seeded.shopOwner.email);
const featured = await (await fetch(`${servers[0].origin}/api/shop/featured?lang=es`)).json();
const giftPath = featured.items[0].href.split('?')[0];
const businessPath = giftPath.split('/').slice(0, 3).join('/');
const catalogue = await (await fetch(`${servers[0].origin}/api/catalog/gifts?sort=price_asc&page=1&pageSize=24`, { headers: { cookie: consumerCookie } })).json();
const buyable = catalogue.items.map((item) => item.id);
if (buyable.length === 0) throw new Error('no gift to buy');

// --- the load ---
const results = new Map();
const record = (label, ms, ok, status = 'no answer') => {
  const row = results.get(label) ?? { latencies: [], errors: 0, statuses: {} };
  row.latencies.push(ms);
  if (!ok) {
    row.errors++;
    row.statuses[status] = (row.statuses[status] ?? 0) + 1;
  }
  results.set(label, row);
};
const confirmedPaid = [];
let redeemedOk = 0;
const codes = [...seeded.toRedeem];

async function timed(label, dueAt, url, init = {}) {
  try {
    const res = await fetch(url, init);
    const body = await res.text();
    record(label, performance.now() - dueAt, res.status >= 200 && res.status < 300, res.status);
    return { res, body };
  } catch {
    record(label, performance.now() - dueAt, false);
    return null;
  }
}

async function event(i, dueAt) {
  const kind = MIX[i % MIX.length];
  const server = servers[i % servers.length];
  const other = servers[(i + 1) % servers.length];
  switch (kind) {
    case 'shop page':
      return timed(kind, dueAt, `${server.origin}/gifts?lang=es${i % 2 ? '&page=2' : ''}`, { headers: { accept: 'text/html' } });
    case 'business page':
      return timed(kind, dueAt, `${server.origin}${businessPath}?lang=es`, { headers: { accept: 'text/html' } });
    case 'signed-in catalogue':
      return timed(kind, dueAt, `${server.origin}/api/catalog/gifts?sort=price_asc&page=${1 + (i % 3)}&pageSize=24`, { headers: { cookie: consumerCookie } });
    case 'gift page':
      return timed(kind, dueAt, `${server.origin}/g/${seeded.giftPageOrder.qrCode}`, { headers: { accept: 'text/html' } });
    case 'redemption': {
      const code = codes.shift();
      if (!code) return record(kind, 0, false);
      const answer = await timed(kind, dueAt, `${server.origin}/api/business/redemptions`, {
        method: 'POST',
        headers: { ...base, cookie: ownerCookie, 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      if (answer?.res.status === 200) redeemedOk++;
      return;
    }
    case 'guest checkout': {
      const created = await timed('guest checkout: create', dueAt, `${server.origin}/api/guest-checkouts`, {
        method: 'POST',
        headers: { ...base, 'content-type': 'application/json' },
        body: JSON.stringify({
          idempotencyKey: `key_${randomUUID().replaceAll('-', '')}`,
          acceptedTermsVersion: TERMS_VERSION,
          lines: [
            {
              giftId: buyable[i % buyable.length],
              recipientName: 'Lucía',
              recipientEmail: `lucia-${randomUUID().slice(0, 6)}@example.test`,
              recipientPhone: null,
              personalMessage: '¡Feliz Navidad!',
              recipientLocale: 'es',
              delivery: { kind: 'now' },
            },
          ],
          buyer: { name: 'Invitada de Navidad', email: `guest-${randomUUID().slice(0, 8)}@example.test`, locale: 'es' },
        }),
      });
      if (!created || created.res.status !== 201) return;
      const { id } = JSON.parse(created.body);
      const paidAt = performance.now();
      const paid = await timed(serverCount > 1 ? 'guest checkout: pay (other server)' : 'guest checkout: pay', paidAt, `${other.origin}/api/payments/test/${id}/succeed`, {
        method: 'POST',
        headers: { ...base, cookie: cookieOf(created.res) },
      });
      if (paid?.res.status === 200) confirmedPaid.push(id);
      return;
    }
  }
}

console.info(`${pgUrl ? `PostgreSQL, ${serverCount} servers` : 'PGlite, 1 server'}: ${rate} events/s for ${duration} s (${events} events), open loop`);
const start = performance.now() + 50;
await Promise.all(
  Array.from({ length: events }, (_, i) => {
    const at = start + (i * 1000) / rate;
    return new Promise((resolve) => setTimeout(() => resolve(event(i, at)), Math.max(0, at - performance.now())));
  }),
);

const percentile = (sorted, p) => (sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]));
const budget = pgUrl ? 300 : 800;
const table = [...results].map(([label, { latencies, errors, statuses }]) => {
  const sorted = latencies.sort((a, b) => a - b);
  return { class: label, n: sorted.length, p50ms: percentile(sorted, 0.5), p95ms: percentile(sorted, 0.95), p99ms: percentile(sorted, 0.99), errors, statuses };
});
console.info(['class'.padEnd(36), 'n'.padStart(5), 'p50'.padStart(6), 'p95'.padStart(6), 'p99'.padStart(6), 'errors'.padStart(7)].join(''));
for (const row of table) {
  console.info([row.class.padEnd(36), String(row.n).padStart(5), ...[row.p50ms, row.p95ms, row.p99ms].map((ms) => `${ms}`.padStart(6)), String(row.errors).padStart(7), row.errors ? `  ${JSON.stringify(row.statuses)}` : ''].join(''));
}

for (const server of servers) await server.stop();
if (!pgUrl) database = await openData();
const rows = (await database.db.execute(sql`select c.id, c.status,
    (select count(*) from orders o where o.checkout_id = c.id and o.status in ('paid', 'redeemed'))::int as paid_orders
  from checkouts c`)).rows;
const byId = new Map(rows.map((row) => [row.id, row]));
const lost = confirmedPaid.filter((id) => byId.get(id)?.status !== 'succeeded' || byId.get(id)?.paid_orders !== 1);
const redeemed = (await database.db.execute(sql`select count(*)::int as n from orders where status = 'redeemed'`)).rows[0].n;
// Every checkout here has one line: a succeeded one has exactly one order, paid or since redeemed.
const halfPaid = rows.filter((row) => row.status === 'succeeded' && row.paid_orders !== 1).length;
await database.close();
const invariants = {
  confirmedPaid: confirmedPaid.length,
  confirmedButNotRecorded: lost.length,
  redemptionsAnswered200: redeemedOk,
  ordersRedeemedInDatabase: redeemed,
  halfRecordedPayments: halfPaid,
};
console.info('invariants (SQL):', invariants);
const failures = table.filter((row) => row.p99ms > budget || (pgUrl && row.errors > 0));
const moneyHolds = lost.length === 0 && halfPaid === 0 && redeemed === redeemedOk;
console.info(`budget p99 ≤ ${budget} ms${pgUrl ? ', 0 errors' : ''}: ${failures.length === 0 ? 'met' : `NOT met (${failures.map((f) => f.class).join(', ')})`}; money invariants ${moneyHolds ? 'hold' : 'BROKEN'}`);
console.info(JSON.stringify({ database: pgUrl ? 'postgresql' : 'pglite', servers: serverCount, rate, duration, table, invariants }));
process.exit(moneyHolds ? 0 : 1);
