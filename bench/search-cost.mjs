#!/usr/bin/env node
// What one search costs (ADR 078): an uncached `/gifts?q=…` for ordinary searches and for
// the costliest texts one can type, on the server as it runs (openDatabase: PGlite on disk, or
// PostgreSQL with BENCH_DATABASE_URL, a database this script empties and fills), over the
// benchmarks' catalogue (bench/seed-bench.mjs) with texts like real ones: a description in
// Spanish and the name and description in English on every gift (ADR 073). Every request
// carries a text not asked before, so none is answered from the catalogue cache. On PGlite
// the time is time the event loop is blocked. The budget: the costliest kind of text at most
// 3× an ordinary search (medians).
//
//   npx tsx bench/search-cost.mjs
//   BENCH_ROUNDS=20 npx tsx bench/search-cost.mjs
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/regalo_bench npx tsx bench/search-cost.mjs
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { benchServerEnv, BUSINESSES, GIFTS_PER_BUSINESS, seedBench } from './seed-bench.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 12);
const pgUrl = process.env.BENCH_DATABASE_URL;

const pgliteDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'regalo-bench-db-')), 'pglite');
const database = await openDatabase(pgUrl ? { kind: 'postgresql', url: pgUrl } : { kind: 'pglite', dataDir: pgliteDir });
if (pgUrl) await database.db.execute(sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public`);
await database.migrate();
await seedBench(database.db, {});
// Texts of a real length, and as varied as a city's: a description in Spanish and the name and
// description in English, one of eight kinds of gift per row, so a word is found in some gifts
// and compared by trigrams with the others, as in a real catalogue.
const kinds8 = [
  ['Taller de cerámica y torno para principiantes, con el barro y la cocción incluidos', 'Pottery and wheel workshop for beginners'],
  ['Paella valenciana para dos junto al mar, con bebida y postre de la casa', 'Valencian paella for two by the sea'],
  ['Horchata y fartons en la horchatería de siempre, en el centro histórico', 'Horchata and fartons in the old town'],
  ['Masaje relajante de una hora con aceites naturales en Russafa', 'One-hour relaxing massage in Russafa'],
  ['Cata de vinos de la Comunitat Valenciana con quesos artesanos', 'Tasting of Valencian wines with cheese'],
  ['Ramo de flores de temporada preparado por la floristería del barrio', 'Seasonal flowers from the local florist'],
  ['Vale para libros en una librería independiente del Carmen', 'Voucher for books at an independent bookshop'],
  ['Desayuno completo con café de especialidad y tostadas', 'Full breakfast with speciality coffee'],
];
const texts = sql.join(kinds8.map(([es, en]) => sql`(${es}, ${en})`), sql`, `);
await database.db.execute(sql`
  with kinds(n, es, en) as (select row_number() over () - 1, * from (values ${texts}) as v(es, en))
  update gifts set
    description = kinds.es || '. ' || gifts.name || '.',
    name_translations = jsonb_build_object('en', gifts.name || ' to give'),
    description_translations = jsonb_build_object('en', kinds.en)
  from kinds where kinds.n = (abs(hashtext(gifts.id::text)) % 8)`);
await database.db.execute(sql`update businesses set address = 'Carrer de Sueca ' || (length(name) % 40) || ', Russafa, València'`);
await database.db.execute(sql`analyze`);

const config = loadConfig({ ...benchServerEnv, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'regalo-bench-')), PUBLIC_URL: 'http://127.0.0.1:3000' });
const app = await buildApp({ config, database, webRoot: false, logger: false });

const letters = 'abcdefghijklmnopqrstuvwxyz';
const randomWord = (length) => Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
const words = (count, length) => Array.from({ length: count }, () => randomWord(length)).join(' ');
/** The same text with its letters' case picked at random: a new cache key, the same work. */
const recase = (text) => [...text].map((c) => (Math.random() < 0.5 ? c.toUpperCase() : c)).join('');

const ordinary = ['paella', 'ceramica', 'horchata', 'russafa', 'ruzafa', 'cena para dos', 'paella russafa', 'ceramca', 'horchateria', 'regalo', 'flores', 'masaje', 'vino', 'taller de torno', 'fartons', 'pasear'];
/** Kinds of text, each a function giving a fresh one per round. */
const kinds = [
  ['ordinary searches', (i) => recase(ordinary[i % ordinary.length])],
  ['one word of 100 letters', () => randomWord(100)],
  ['one word of 60 letters', () => randomWord(60)],
  ['three words of 20 letters', () => words(3, 19)],
  ['twelve words of 4 letters', () => words(12, 4)],
  // Near enough to words of every gift to be compared with each, never found as typed.
  ['misspelt words near every gift', () => recase('carer suecca rusafx balencia bench busines gifft')],
  ['wildcards and symbols', () => `${recase('%_%_\\\\')} ${randomWord(6)} %%%%`],
];

const timeSearch = async (q) => {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url: `/gifts?lang=es&q=${encodeURIComponent(q)}` });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`q=${q}: ${res.statusCode}`);
  return ms;
};

// Warm up (statements prepared, pages in the buffer cache).
for (const [, make] of kinds) await timeSearch(make(0));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const results = [];
console.info(`${pgUrl ? 'postgresql' : 'pglite'}: ${BUSINESSES} businesses × ${GIFTS_PER_BUSINESS} gifts; ${rounds} uncached searches of each kind`);
for (const [label, make] of kinds) {
  const times = [];
  for (let i = 0; i < rounds; i++) times.push(await timeSearch(make(i)));
  const row = { label, medianMs: Math.round(median(times) * 10) / 10, maxMs: Math.round(Math.max(...times) * 10) / 10 };
  results.push(row);
  console.info(`${label.padEnd(38)} median ${String(row.medianMs).padStart(8)} ms   max ${String(row.maxMs).padStart(8)} ms`);
}
const base = results[0].medianMs;
const worst = results.slice(1).reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
const ratio = Math.round((worst.medianMs / base) * 10) / 10;
console.info(`costliest: ${worst.label}, ${ratio}× an ordinary search (budget ≤ 3×)`);

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `search-cost-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ database: pgUrl ? 'postgresql' : 'pglite', rounds, ratio, results }, null, 2));
console.info(`written ${path.relative(process.cwd(), file)}`);

await app.close();
await database.close();
if (ratio > 3) process.exit(1);
