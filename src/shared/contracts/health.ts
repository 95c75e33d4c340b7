import { z } from 'zod';

/**
 * What the load shedder sees (platform/load-shedding.ts): while `shedding`, new requests get
 * 503 + Retry-After. Reported, not a reason for a 503 here: a busy process is alive (ADR 036).
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
 * 200 `ok`; 503 `degraded` when the database cannot write (it does not answer, or a
 * committed write fails: a read-only or failing disk, a standby after a failover). The
 * process itself is up. `checks` says which dependency is wrong, for the operator; the
 * other dependencies' trouble is reported there without taking the server out of rotation.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgresql']),
  checks: z.object({
    database: dependencySchema,
    storage: dependencySchema,
    /** The oldest email due but not yet sent: a mail server that refuses or hangs shows here. */
    mail: dependencySchema.extend({ oldestDueSeconds: z.number().int().nullable() }),
    redis: dependencySchema,
  }),
  overload: overloadSchema,
});
export type Health = z.infer<typeof healthSchema>;
