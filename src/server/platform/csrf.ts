import type { FastifyInstance } from 'fastify';
import { problem } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Server-to-server callbacks that carry their own signature instead of an Origin. */
const ALLOW_WITHOUT_ORIGIN = [/^\/api\/payments\/stripe\/webhook$/];

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
 * Referer when a browser leaves Origin out) on every state-changing API call also covers
 * same-site subdomains and old browsers. A request with neither header is refused: browsers
 * always send one of them on such requests.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string) {
  const expected = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return;
    if (ALLOW_WITHOUT_ORIGIN.some((re) => re.test(path))) return;
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
