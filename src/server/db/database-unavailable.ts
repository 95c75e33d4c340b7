/**
 * SQLSTATE codes that say the database cannot serve right now, not that the statement was
 * wrong: connection exceptions (class 08), the server shutting down or starting (57P01–57P03,
 * which is what `pg_terminate_backend` sends), a statement cancelled by `statement_timeout`
 * (57014), too many connections or a full disk (class 53), a read-only standby after a
 * failover (25006), a system or I/O error (class 58). Any PANIC too: the disk failed under
 * the database (PGlite reports EPERM/EROFS on its WAL that way).
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57014', '25006']);
const UNAVAILABLE_CLASSES = ['08', '53', '58'];
/** What the socket layer says when the server cannot be reached or went away. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres' own messages for a lost or stalled connection (it gives them no code). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * Whether an error (possibly wrapped by Drizzle) means the database is away or stalled, so
 * the request deserves 503 "try again" rather than 500 "something is broken" (ADR 056).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.includes(code.slice(0, 2))) return true;
    }
    if ((current as { severity?: unknown }).severity === 'PANIC') return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((known) => message.startsWith(known))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
