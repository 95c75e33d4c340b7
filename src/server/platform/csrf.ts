import type { FastifyInstance } from 'fastify';
import { problem } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Server-to-server callbacks that carry their own signature (or token) instead of an Origin, matched
 * against the registered route pattern (what was routed), never the raw URL.
 */
// Apple's PassKit web service: phones call it with each pass's own token (ADR 107).
const ALLOW_WITHOUT_ORIGIN = [/^\/api\/payments\/stripe\/webhook$/, /^\/api\/local\/backup$/, /^\/api\/wallet\/apple\/v1\//];

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Cookies are SameSite=Lax, which already stops most cross-site POSTs; checking Origin (or
 * Referer when a browser leaves Origin out) on every state-changing request also covers
 * same-site subdomains and old browsers. A request with neither header is refused: browsers
 * always send one of them on such requests.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string) {
  const expected = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // Every state-changing request, whatever its path: a check scoped to '/api/' by the raw
    // URL was stepped around with '/%61pi/…' (ADR 035). Unmatched paths are checked too.
    // The route pattern when one matched; else the path, which is canonical (canonical-path.ts).
    const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    if (ALLOW_WITHOUT_ORIGIN.some((re) => re.test(route))) return;
    const origin = request.headers.origin;
    const given =
      origin && origin !== 'null' ? originOf(origin) : originOf(request.headers.referer);
    if (given === expected) return;
    request.log.info({ origin, referer: request.headers.referer }, 'csrf check refused a request');
    return reply
      .status(403)
      .type('application/problem+json')
      .send(problem(403, 'csrf_rejected', 'This request did not come from a Regalo page'));
  });
}
