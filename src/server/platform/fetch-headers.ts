import type { FastifyRequest } from 'fastify';

/**
 * A request's headers as Fetch `Headers`, for Better Auth's server API, which reads the
 * session cookie from them. Names in `skip` (lower-case) are left out.
 */
export function toFetchHeaders(request: FastifyRequest, skip?: ReadonlySet<string>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || skip?.has(name)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}
