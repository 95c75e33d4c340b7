import { z } from 'zod';

/** GET /api/files/public/<key>: the key is everything after the prefix, slashes included. */
export const publicFileParamsSchema = z.object({ '*': z.string().max(512) });
