import { z } from 'zod';

/**
 * What the load shedder sees (platform/load-shedding.ts): while `shedding`, new requests get
 * 503 + Retry-After, and so does health itself, with the reason `shedding` (ADR 082): a
 * balancer must not send traffic into a process that turns it away.
 */
export const overloadSchema = z.object({
  shedding: z.boolean(),
  /** Requests whose body has arrived and whose answer has not been sent. */
  inFlight: z.number().int().min(0),
  /** How late the event loop has been in the last second or two (ms, rounded). */
  eventLoopDelayMs: z.number().int().min(0),
});

/**
 * One dependency's state. `ok`; `degraded` when it fails (`failing`) or works around a
 * failure (Redis: each process counts alone); `off` when it is not configured.
 */
const dependencySchema = z.object({ status: z.enum(['ok', 'degraded', 'off']) });

/**
 * The database: `ok` when it commits a write within 2 s (on PGlite, a commit synced to disk
 * in the last few seconds proves it); `busy` when the write commits, but slowly (`detail`
 * says how slowly: it waits behind other work, which is no reason to leave rotation);
 * `degraded` when it cannot write.
 */
const databaseCheckSchema = z.object({ status: z.enum(['ok', 'busy', 'degraded']), detail: z.string().optional() });

/** Why the process is not ready: its database cannot write, or it is shedding load. */
export const healthReasonSchema = z.enum(['database_cannot_write', 'shedding']);

/**
 * 200 `ok`; 503 `degraded` with a `reason` when the process should get no traffic: the
 * database cannot write (it does not answer, or a committed write fails: a read-only or
 * failing disk, a standby after a failover), or the process is shedding load. The process
 * itself is up. `checks` says which dependency is wrong, for the operator; the other
 * dependencies' trouble is reported there without taking the server out of rotation.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  reason: healthReasonSchema.optional(),
  database: z.enum(['pglite', 'postgresql']),
  checks: z.object({
    database: databaseCheckSchema,
    storage: dependencySchema,
    /** The oldest email due but not yet sent: a mail server that refuses or hangs shows here. */
    mail: dependencySchema.extend({ oldestDueSeconds: z.number().int().nullable() }),
    redis: dependencySchema,
  }),
  overload: overloadSchema,
});
export type Health = z.infer<typeof healthSchema>;
