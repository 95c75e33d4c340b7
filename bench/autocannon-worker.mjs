// Runs one autocannon measurement in a child process, so the load generator shares neither
// the server's event loop nor its thread (bench/budgets.mjs). Receives { options, bodies }
// over IPC; `bodies` (optional) gives each request its own JSON body, in order.
import autocannon from 'autocannon';

process.once('message', async ({ options, bodies }) => {
  let next = 0;
  const request = bodies ? { ...options.requests[0], setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }) } : undefined;
  const result = await autocannon({ ...options, ...(request ? { requests: [request] } : {}) });
  process.send({ requests: result.requests, latency: result.latency, non2xx: result.non2xx, errors: result.errors }, () => process.exit(0));
});
