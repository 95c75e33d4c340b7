// Runs one autocannon measurement in a worker thread, so the load generator does not share
// the server's event loop (bench/budgets.mjs). workerData: { options, bodies }; `bodies`
// (optional) gives each request its own JSON body, in order.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { options, bodies } = workerData;
let next = 0;
const request = bodies ? { ...options.requests[0], setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }) } : undefined;
const result = await autocannon({ ...options, ...(request ? { requests: [request] } : {}) });
parentPort.postMessage({
  requests: result.requests,
  latency: result.latency,
  non2xx: result.non2xx,
  errors: result.errors,
});
