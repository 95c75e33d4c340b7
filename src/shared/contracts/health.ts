import { z } from 'zod';

/** 200 `ok`; 503 `degraded` when the database does not answer (the process itself is up). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgresql']),
});
export type Health = z.infer<typeof healthSchema>;
