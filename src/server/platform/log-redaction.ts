import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Long opaque segments: tokens, redemption codes (base64url), hashes. Ids (UUIDs) are kept. */
const OPAQUE = /^[A-Za-z0-9_~.%-]{20,}$/;
/** Path prefixes whose next segment is a secret whatever it looks like. */
const SECRET_AFTER = ['/g/', '/api/auth/reset-password/', '/api/gifts/', '/api/redeem/', '/api/redemptions/'];

/**
 * The URL as it may be logged: no query string (verification and reset tokens, callback
 * URLs, search text travel there) and no secret-looking path segment (redemption codes in
 * `/g/<code>`, reset tokens), ADR 035.
 */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  let safe = path
    .split('/')
    .map((segment) => (OPAQUE.test(segment) && !UUID.test(segment) ? '[redacted]' : segment))
    .join('/');
  for (const prefix of SECRET_AFTER) {
    if (safe.startsWith(prefix) && safe.length > prefix.length) {
      const rest = safe.slice(prefix.length);
      const slash = rest.indexOf('/');
      safe = `${prefix}[redacted]${slash === -1 ? '' : rest.slice(slash)}`;
    }
  }
  return q === -1 ? safe : `${safe}?[redacted]`;
}

/** Error fields that carry row values: drizzle's `params`, PostgreSQL's `detail`/`where`. */
const VALUE_FIELDS = ['params', 'detail', 'where', 'parameters'];

/** drizzle writes the parameters into the message too: `Failed query: …\nparams: …`. */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

function withoutValues(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of VALUE_FIELDS) if (field in out) out[field] = '[redacted]';
  for (const field of ['message', 'stack']) {
    if (typeof out[field] === 'string') out[field] = (out[field] as string).replace(PARAMS_IN_TEXT, '\nparams: [redacted]');
  }
  if ('cause' in out) out.cause = withoutValues(out.cause, depth + 1);
  return out;
}

/**
 * Serializers for the server's logger. A failed insert used to log the whole statement's
 * parameters (a full redemption code and the recipient's details).
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggableUrl(request.url),
    remoteAddress: request.ip,
  }),
  err: (error: Error): { type: string; message: string; stack: string; [key: string]: unknown } => {
    const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
    // pino copies enumerable fields and the cause chain; both may carry values.
    const cause = (error as { cause?: unknown }).cause;
    const out = withoutValues(serialized) as Record<string, unknown>;
    if (cause && typeof cause === 'object') out.cause = withoutValues(stdSerializers.err(cause as Error));
    return out as { type: string; message: string; stack: string };
  },
};
