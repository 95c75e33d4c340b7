import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Graceful overload (ADR 036): past what the process can serve, new requests get an
 * immediate 503 with Retry-After instead of joining a queue whose latency grows without
 * bound. Two signals, both cheap to read on every request:
 * - event-loop delay (a timer that measures how late it fires): the loop is late, so every
 *   request already waits that long before any of our code runs;
 * - requests in flight: a cap keeps memory and database-pool queues bounded when slow
 *   downstreams (database, SMTP) pile requests up without the loop itself being busy.
 * `/api/health` is never shed and never counted: it answers 503 with the reason `shedding`
 * while the process sheds (the balancer sends it no traffic then) and 200 again as soon as
 * it stops, with what the shedder sees (ADR 082).
 *
 * A request counts as in flight only once its body has arrived (preValidation): a client
 * still sending its body costs a socket, not a slot, so a few hundred slow senders can no
 * longer fill the cap and shut everyone else out (ADR 036); the server's
 * request timeout (buildApp) bounds how long they keep the socket. Multipart uploads are
 * the exception: their file is read by the handler, after admission.
 */
export interface LoadSheddingOptions {
  /** Shed while the event loop has been this late (ms) in the current or last window; 0 = off. */
  maxEventLoopDelayMs: number;
  /** Shed while this many requests are in flight; 0 = off. */
  maxConcurrentRequests: number;
  /** Length of one measuring window; a spike sheds for at most two windows. */
  sampleIntervalMs?: number;
  /** Seconds a shed client is told to wait. */
  retryAfterSeconds?: number;
}

/** Never shed: a load balancer's probe must see a busy process as alive, and when it is ready again. */
const EXEMPT = new Set(['/api/health']);
const COUNTED = Symbol('regalo.loadShedding.counted');

type Counted = FastifyRequest & { [COUNTED]?: boolean };

export interface LoadState {
  inFlight: number;
  eventLoopDelayMs: number;
  /** New requests are being answered 503 right now. */
  shedding: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the shedder currently sees (benchmarks and tests read it). */
    loadState(): LoadState;
  }
}

export function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions) {
  const sampleIntervalMs = options.sampleIntervalMs ?? 1000;
  const retryAfter = String(options.retryAfterSeconds ?? 2);
  // Lateness measured by a 20 ms timer that notes how late it fires (what a request waits
  // before any of our code runs). A home-made probe rather than perf_hooks'
  // monitorEventLoopDelay: that histogram's own timer was seen not to sample for seconds
  // inside test workers, which hid the very spikes it exists to report.
  const tickMs = 20;
  let windowMaxMs = 0;
  let lastWindowMaxMs = 0;
  let expected = performance.now() + tickMs;
  const probe = setInterval(() => {
    const now = performance.now();
    windowMaxMs = Math.max(windowMaxMs, now - expected);
    expected = now + tickMs;
  }, tickMs);
  probe.unref();
  const rotate = setInterval(() => {
    lastWindowMaxMs = windowMaxMs;
    windowMaxMs = 0;
  }, sampleIntervalMs);
  rotate.unref();
  app.addHook('onClose', async () => {
    clearInterval(probe);
    clearInterval(rotate);
  });
  // What start-up did to the loop (building the app, the database's first work) is over once
  // the server listens: counted on, it shed a new server's first requests (ADR 082). The
  // socket's own event, before listen() resolves and before any onListen hook runs.
  app.server.on('listening', () => {
    windowMaxMs = 0;
    lastWindowMaxMs = 0;
    expected = performance.now() + tickMs;
  });

  let inFlight = 0;
  // The current and the last window: a spike sheds for at most two windows.
  const eventLoopDelayMs = () => Math.max(lastWindowMaxMs, windowMaxMs);
  const overloaded = () =>
    (options.maxConcurrentRequests > 0 && inFlight >= options.maxConcurrentRequests) ||
    (options.maxEventLoopDelayMs > 0 && eventLoopDelayMs() > options.maxEventLoopDelayMs);
  app.decorate('loadState', () => ({ inFlight, eventLoopDelayMs: eventLoopDelayMs(), shedding: overloaded() }));

  const release = (request: Counted) => {
    if (!request[COUNTED]) return;
    request[COUNTED] = false;
    inFlight--;
  };

  const shed = (reply: FastifyReply) => {
    reply.header('retry-after', retryAfter);
    return new AppError('service_unavailable', 503, 'The server is busy; please try again in a moment');
  };
  // Refused as soon as the headers are in, before any body is read, when already overloaded…
  app.addHook('onRequest', async (request, reply) => {
    if (EXEMPT.has(request.url.split('?', 1)[0]!)) return;
    if (overloaded()) throw shed(reply);
  });
  // …and admitted (counted) once the body has arrived, if there is still room.
  app.addHook('preValidation', async (request: Counted, reply) => {
    if (EXEMPT.has(request.url.split('?', 1)[0]!)) return;
    if (overloaded()) throw shed(reply);
    request[COUNTED] = true;
    inFlight++;
  });
  app.addHook('onResponse', async (request: Counted) => release(request));
  // A client that hangs up before the answer never reaches onResponse.
  app.addHook('onRequestAbort', async (request: Counted) => release(request));
}
