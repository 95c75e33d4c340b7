// An open-loop load generator in a child process (bench/budgets.mjs): requests are sent at
// times drawn in advance, whatever the server's answers, and each one's latency is counted
// from the moment it was due, so a server that falls behind cannot slow the load down and
// hide it (no coordinated omission).
//
// Why not autocannon's `overallRate`: it is a per-second quota per connection. At 20/s on 5
// connections each connection sends its 4 requests back to back at the start of every
// second, so the server gets 20 requests in a burst, 5 at a time, then nothing: the p99 is
// then the time to serve 5 requests at once, not the latency at 20 requests per second.
//
// Receives { url, method, headers, bodies?, rate, duration, spacing, seed } over IPC:
// spacing 'poisson' draws exponential gaps (independent visitors, the usual model of
// arrivals); 'even' sends one every 1/rate s. Answers in autocannon's shape (the fields
// budgets.mjs reads).
import http from 'node:http';

process.once('message', async ({ url, method = 'GET', headers = {}, bodies, rate, duration, spacing = 'poisson', seed = 1 }) => {
  const random = mulberry32(seed);
  const due = [];
  for (let at = 0; ; ) {
    at += spacing === 'even' ? 1000 / rate : (-Math.log(1 - random()) * 1000) / rate;
    if (at >= duration * 1000) break;
    due.push(at);
  }
  // Enough sockets that a request never waits for a free one in this process.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const start = performance.now() + 20;
  await Promise.all(
    due.map(
      (at, i) =>
        new Promise((resolve) => {
          setTimeout(() => {
            const dueAt = start + at;
            const body = bodies?.[i];
            const request = http.request(
              url,
              { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } },
              (response) => {
                response.resume();
                response.on('end', () => {
                  latencies.push(performance.now() - dueAt);
                  if (response.statusCode < 200 || response.statusCode >= 300) non2xx++;
                  resolve();
                });
              },
            );
            request.on('error', () => {
              errors++;
              resolve();
            });
            request.end(body);
          }, Math.max(0, start + at - performance.now()));
        }),
    ),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const percentile = (p) => (latencies.length === 0 ? 0 : Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] * 10) / 10);
  process.send(
    {
      requests: { total: latencies.length, sent: due.length, average: latencies.length / duration },
      latency: { p50: percentile(0.5), p99: percentile(0.99), max: percentile(1) },
      non2xx,
      errors,
    },
    () => process.exit(0),
  );
});

/** A small seeded generator: the same seed gives the same arrival times in every run. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
