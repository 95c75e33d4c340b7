#!/usr/bin/env node
// What durable commits cost on embedded PGlite (ADR 056): the same small
// transactions on a data directory on disk, opened the way the server opens it, with
// PGLITE_FSYNC on (the default: each commit's WAL is fsync'ed) and off (PGlite's own
// default, the state before). Prints commits per second, the median and p95 time of one
// commit, and how many fsync calls reached the disk. Not in `npm test`.
//
//   npx tsx bench/pglite-fsync.mjs
//   FSYNC_N=500 FSYNC_DIR=/var/lib/regalo-bench npx tsx bench/pglite-fsync.mjs   # on the disk the server uses
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';

const N = Number(process.env.FSYNC_N ?? 300);
const parent = process.env.FSYNC_DIR ?? os.tmpdir();

async function run(fsync) {
  const dataDir = mkdtempSync(path.join(parent, 'regalo-fsync-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), fsync });
    const { db } = database;
    const fs = db.$client.fs;
    await db.execute(sql`create table bench_commit (id serial primary key, body text not null)`);
    const before = fs.fsyncs ?? 0;
    const times = [];
    const started = performance.now();
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      // A checkout's shape in miniature: a few writes in one transaction.
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into bench_commit (body) values (${`row ${i}`})`);
        await tx.execute(sql`update bench_commit set body = body || '.' where id = ${i + 1}`);
      });
      times.push(performance.now() - t0);
    }
    const elapsed = performance.now() - started;
    const fsyncs = (fs.fsyncs ?? 0) - before;
    await database.close();
    times.sort((a, b) => a - b);
    return {
      fsync: fsync ? 'on' : 'off',
      commitsPerSecond: Math.round((N / elapsed) * 1000),
      medianMs: times[Math.floor(N / 2)].toFixed(2),
      p95Ms: times[Math.floor(N * 0.95)].toFixed(2),
      fsyncCalls: fs.fsyncs === undefined ? 'n/a' : fsyncs,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.info(`${N} transactions (insert + update) on ${parent}, ${os.cpus().length} CPUs, node ${process.version}, ${new Date().toISOString()}`);
const results = [];
for (const fsync of [false, true, false, true]) results.push(await run(fsync));
console.info(['fsync', 'commits/s', 'median ms', 'p95 ms', 'fsync calls'].join('\t'));
for (const r of results) console.info([r.fsync, r.commitsPerSecond, r.medianMs, r.p95Ms, r.fsyncCalls].join('\t'));
