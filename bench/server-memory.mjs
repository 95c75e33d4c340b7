#!/usr/bin/env node
// The server's memory budget (docs/performance.md), the way production runs: the built server (`npm run build`;
// started with the settings of `npm start`, ADR 047;
// REGALO_DIST picks another build folder) as its own process on a PGlite data directory
// seeded with the benchmark's catalogue (bench/seed-bench.mjs, 200 businesses × 10 gifts),
// then GET /api/health and the signed-in catalogue alternately, twice, at 50 connections
// (autocannon in another process). Prints the server's resident memory (VmRSS) at start,
// right after the load, and each second of MEMORY_SETTLE seconds of idleness after it
// (default 30). Linux only. Not part of `npm test`.
//
//   npm run build && npx tsx bench/server-memory.mjs
//   BENCH_DURATION=8 MEMORY_SETTLE=30 npx tsx bench/server-memory.mjs
//   SERVER_NODE_OPTIONS= npx tsx bench/server-memory.mjs          # a bare `node`, without npm start's settings
//   SERVER_NODE_OPTIONS=--optimize-for-size npx tsx bench/server-memory.mjs   # other flags to compare
import { fork, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/server/db/client.ts';
import { BENCH_PASSWORD, benchServerEnv, CATALOG_URL, seedBench } from './seed-bench.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.env.REGALO_DIST ?? 'dist');
const mainJs = path.join(dist, 'server', 'main.js');
if (!existsSync(mainJs)) throw new Error(`${path.relative(root, mainJs)} is missing: run npm run build first`);
const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const settle = Number(process.env.MEMORY_SETTLE ?? 30);
const port = Number(process.env.BENCH_PORT ?? 3470);
const origin = `http://127.0.0.1:${port}`;

// Seed a fresh data directory, then close it: the server opens it as it would in production.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'regalo-memory-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
await database.migrate();
const { consumer, listed } = await seedBench(database.db);
await database.close();

// Node's settings as `npm start` gives them (its environment variables and flags, ADR 047),
// unless SERVER_NODE_OPTIONS is set (then those flags, and no environment variable of the
// start script: SERVER_NODE_OPTIONS= compares with a bare `node`).
const startScript = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
const startMatch = /^((?:\w+=\S+\s+)*)node\s+(.*?)\s*dist\/server\/main\.js$/.exec(startScript);
if (!startMatch) throw new Error(`cannot read the start script: ${startScript}`);
const startEnv = Object.fromEntries(startMatch[1].trim().split(/\s+/).filter(Boolean).map((pair) => pair.split('=')));
const nodeFlags = (process.env.SERVER_NODE_OPTIONS ?? startMatch[2]).split(' ').filter(Boolean);
const serverEnv = process.env.SERVER_NODE_OPTIONS === undefined ? startEnv : {};
console.info(`server: ${Object.entries(serverEnv).map(([k, v]) => `${k}=${v} `).join('')}node ${nodeFlags.join(' ')} ${path.relative(root, mainJs)}`);
const server = spawn(process.execPath, [...nodeFlags, mainJs], {
  env: { ...process.env, ...serverEnv, ...benchServerEnv, REGALO_DIST: dist, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, NODE_OPTIONS: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => server.exitCode === null && server.kill('SIGKILL');
process.on('exit', stopServer);

async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy in 60 s');
}
await waitForHealth();

const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin },
  body: JSON.stringify({ email: consumer.email, password: BENCH_PASSWORD }),
});
if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
const check = await fetch(`${origin}${CATALOG_URL}`, { headers: { cookie } }).then((r) => r.json());
if (check.total !== listed) throw new Error(`unexpected listing: ${JSON.stringify(check).slice(0, 200)}`);

const mb = (kb) => Math.round(kb / 1024);
/** The server's resident memory (VmRSS), in MB. */
function memory() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return { rssMb: mb(Number(/VmRSS:\s+(\d+)/.exec(status)[1])) };
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./autocannon-worker.mjs', import.meta.url)));
    child.once('message', (result) => child.once('exit', () => resolve(result)));
    child.once('error', reject);
    child.send({ options: { url: `${origin}${url}`, headers, duration: duration / 2, connections } });
  });
}

const atStart = memory();
console.info(`server at start: ${atStart.rssMb} MB resident; load ${os.loadavg()[0].toFixed(1)}`);
const rounds = [];
let peak = atStart.rssMb;
for (let round = 0; round < 2; round++) {
  for (const [label, url, headers] of [['health', '/api/health', {}], ['catalogue', CATALOG_URL, { cookie }]]) {
    const sampler = setInterval(() => (peak = Math.max(peak, memory().rssMb)), 250);
    const result = await load(url, headers);
    clearInterval(sampler);
    rounds.push({ label, requests: result.requests.total, reqPerSec: Math.round(result.requests.average), p99ms: result.latency.p99, non2xx: result.non2xx });
    console.info(`  ${label.padEnd(10)} ${String(result.requests.total).padStart(7)} requests, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
  }
}
const afterLoad = memory();
console.info(`right after the catalogue load: ${afterLoad.rssMb} MB (peak ${peak} MB)`);
const settling = [];
for (let s = 1; s <= settle; s++) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  settling.push(memory().rssMb);
}
const afterSettle = memory();
if (settle > 0) console.info(`after ${settle} s idle: ${afterSettle.rssMb} MB (lowest ${Math.min(...settling)} MB; each second: ${settling.join(' ')})`);

stopServer();
rmSync(dataDir, { recursive: true, force: true });
const resultsDir = path.join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `server-memory-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ dist: path.relative(root, dist), serverEnv, nodeFlags, duration, connections, settle, atStart, afterLoad, peakMb: peak, afterSettle, settling, rounds, load: os.loadavg() }, null, 2)}\n`,
);
console.info(`written ${path.relative(root, file)}`);
process.exit(0);
