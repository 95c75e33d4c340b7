import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import type { Auth } from './auth/auth';
import type { MailService } from './mail/mail-worker';
import type { PaymentProvider } from './payments/payment-provider';
import type { Storage } from './storage/storage';

/**
 * What use cases need from the outside world, built once at start-up (or per test) and
 * reachable from route handlers as `app.ctx` / `request.server.ctx`.
 */
export interface AppContext {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  /** Uploaded and generated files (local disk or S3, from config.storage). */
  storage: Storage;
  /** Better Auth: sessions, sign-in, verification (`auth.api.*` for server-side calls). */
  auth: Auth;
  /** The mail outbox's delivery worker; `mail.flush()` delivers due mail now. */
  mail: MailService;
  /** The payment driver config.payments names (test or Stripe). */
  payments: PaymentProvider;
  /** Injected so tests can move time (order expiry, token expiry) without sleeping. */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
