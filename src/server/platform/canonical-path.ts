import type { FastifyInstance } from 'fastify';
import { problem } from './errors';

/**
 * Percent-encodings a canonical URL never contains: unreserved characters (RFC 3986 §2.3,
 * which must be sent as themselves), the slash and backslash (which would split or join
 * segments once decoded) and NUL.
 */
const NEEDLESS_ENCODING = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DE]|5F|7E|2F|5C|00)/i;

/** Why `path` (the part of the request target before `?`) is not canonical, or null. */
export function nonCanonicalReason(path: string): string | null {
  if (!path.startsWith('/')) return 'not an absolute path';
  if (path.includes('#')) return 'fragment in the request target';
  if (path.includes('\\')) return 'backslash';
  if (path.includes('//')) return 'empty segment';
  if (NEEDLESS_ENCODING.test(path)) return 'needless percent-encoding';
  // Checked after decoding too, so %2E%2E cannot hide a dot segment (it is refused above anyway).
  for (const segment of path.split('/')) {
    if (segment === '.' || segment === '..') return 'dot segment';
  }
  return null;
}

/**
 * Every check that looks at a path (CSRF, rate limits, token stripping, the proxy to Better
 * Auth, which normalises with `new URL()`) must see the path that is routed. Rather than
 * normalising in each, any request whose path is not already in canonical form is refused
 * here, first of all hooks and for every method, before a handler or body parser runs.
 */
export function registerCanonicalPaths(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const target = request.raw.url ?? '/';
    const query = target.indexOf('?');
    const reason = nonCanonicalReason(query === -1 ? target : target.slice(0, query));
    if (!reason) return;
    request.log.info({ reason }, 'refused a non-canonical path');
    return reply
      .status(400)
      .type('application/problem+json')
      .send(problem(400, 'non_canonical_path', `The path is not in canonical form (${reason})`));
  });
}
