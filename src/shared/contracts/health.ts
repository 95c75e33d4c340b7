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

/** 200 `ok`; 503 `degraded` when the database does not answer (the process itself is up). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgresql']),
  overload: overloadSchema,
});
export type Health = z.infer<typeof healthSchema>;
