import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';

/**
 * What use cases need from the outside world, built once at start-up (or per test) and
 * reachable from route handlers as `app.ctx` / `request.server.ctx`.
 */
export interface AppContext {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  /** Injected so tests can move time (order expiry, token expiry) without sleeping. */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
