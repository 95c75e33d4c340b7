// BENCH_TRACE=1 for bench/budgets.mjs: what a slow request waited on. Records, in the server's
// process, every HTTP request's start and end (diagnostics_channel), every GC pause
// (perf_hooks), the event loop's blocked stretches (a 5 ms timer's lateness) and the time the
// database driver was busy (PGlite's query/exec/transaction, or the pg pool's query), then for
// the slowest requests of a phase sums what of each overlapped them. Also measures the bytes a
// request allocates (V8's sampling heap profiler, collected objects included), which does not
// depend on the machine's load. Not part of `npm test`.
import diagnostics from 'node:diagnostics_channel';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';

const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** Starts recording; `phase()` returns what was recorded since the previous call. */
export function startTrace(database) {
  let requests = [];
  let gcs = [];
  let stalls = [];
  let db = [];

  const onStart = ({ request, response }) => {
    const entry = { label: `${request.method} ${request.url}`, start: performance.now(), end: 0 };
    response.once('finish', () => {
      entry.end = performance.now();
      requests.push(entry);
    });
  };
  diagnostics.subscribe('http.server.request.start', onStart);

  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, end: e.startTime + e.duration, kind: GC_KINDS[e.detail?.kind] ?? 'other' });
  });
  observer.observe({ entryTypes: ['gc'] });

  // A timer due every 5 ms that fires late was kept from running: the loop was blocked.
  const TICK = 5;
  let expected = performance.now() + TICK;
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - expected > 2) stalls.push({ start: expected, end: now });
    expected = now + TICK;
  }, TICK);

  // Time inside the driver (queueing for PGlite's one connection included).
  const restore = [];
  const timed = (target, name) => {
    const original = target[name];
    if (typeof original !== 'function') return;
    target[name] = function (...args) {
      const start = performance.now();
      const what = name === 'transaction' ? 'transaction' : typeof args[0] === 'string' ? args[0].replace(/\s+/g, ' ').slice(0, 120) : 'a call into PGlite (a prepared statement)';
      const done = () => db.push({ start, end: performance.now(), what });
      const result = original.apply(this, args);
      if (result && typeof result.then === 'function') result.then(done, done);
      return result;
    };
    restore.push(() => (target[name] = original));
  };
  const client = database.db.$client;
  // On PGlite every statement, the server's prepared ones included, is a call to execProtocolStream.
  if (database.kind === 'pglite') for (const name of ['execProtocolStream', 'transaction']) timed(client, name);
  else timed(client, 'query');

  return {
    /** What each of the slowest `share` of this phase's requests overlapped, summed. */
    phase(label, share = 0.01) {
      const done = requests.filter((r) => r.end > 0).sort((a, b) => b.end - b.start - (a.end - a.start));
      const slow = done.slice(0, Math.max(1, Math.ceil(done.length * share)));
      const overlap = (list, r) => list.reduce((sum, x) => sum + Math.max(0, Math.min(x.end, r.end) - Math.max(x.start, r.start)), 0);
      const ms = (x) => x.toFixed(1);
      const gcByKind = {};
      for (const g of gcs) {
        gcByKind[g.kind] ??= { count: 0, ms: 0, max: 0 };
        gcByKind[g.kind].count++;
        gcByKind[g.kind].ms += g.end - g.start;
        gcByKind[g.kind].max = Math.max(gcByKind[g.kind].max, g.end - g.start);
      }
      console.info(
        `  trace ${label}: ${done.length} requests; GC in the phase: ` +
          (Object.entries(gcByKind)
            .map(([kind, g]) => `${g.count} ${kind} (${ms(g.ms)} ms, longest ${ms(g.max)})`)
            .join(', ') || 'none'),
      );
      // The loop's longest stalls: a request that arrives during one waits before it starts,
      // which the requests' own durations above do not show.
      const longest = [...stalls].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 3);
      if (longest.length > 0) {
        console.info(
          `    longest loop stalls: ${longest.map((x) => `${ms(x.end - x.start)} ms (requests running: ${requests.filter((r) => r.start < x.end && (r.end === 0 || r.end > x.start)).length}, database busy ${ms(overlap(db, x))} ms, GC ${ms(overlap(gcs, x))} ms)`).join('; ')}`,
        );
      }
      if (process.env.BENCH_TRACE === 'sql') {
        for (const op of [...db].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 5)) console.info(`    database ${ms(op.end - op.start)} ms: ${op.what}`);
      }
      for (const r of slow) {
        console.info(
          `    ${ms(r.end - r.start).padStart(6)} ms ${r.label.slice(0, 40).padEnd(40)} overlapped: GC ${ms(overlap(gcs, r))} ms, ` +
            `loop blocked ${ms(overlap(stalls, r))} ms, database busy ${ms(overlap(db, r))} ms`,
        );
      }
      requests = [];
      gcs = [];
      stalls = [];
      db = [];
    },
    stop() {
      diagnostics.unsubscribe('http.server.request.start', onStart);
      observer.disconnect();
      clearInterval(timer);
      restore.forEach((undo) => undo());
    },
  };
}

/** Bytes allocated per call of `run` (sequential, `count` calls), garbage included. */
export async function allocationPerCall(run, count) {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < count; i++) await run(i);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  const total = (node) => node.selfSize + node.children.reduce((sum, child) => sum + total(child), 0);
  return total(profile.head) / count;
}
