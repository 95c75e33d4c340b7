import { z } from 'zod';

/**
 * Machine-readable error codes the API can return. The web client maps each code to a
 * translated message (locales/<lang>/errors.json, key `errors.<code>`), so adding one here
 * means adding its text in both catalogues.
 */
export const errorCodes = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  /** A JSON body nesting arrays or objects more than 64 levels deep (platform/refuse-nul.ts). */
  'body_too_deep',
  'unsupported_media_type',
  'internal_error',
  'service_unavailable',
  'database_unavailable',
] as const;

export type ErrorCode = (typeof errorCodes)[number] | (string & {});

/** RFC 9457 problem details, as every API error is returned. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  /** Field-level messages for validation errors: field path → error code. */
  fields: z.record(z.string(), z.string()).optional(),
  /** A gift card's balance when a use asked for more (409 `insufficient_balance`, ADR 104). */
  availableCents: z.number().int().optional(),
});

export type Problem = z.infer<typeof problemSchema>;
