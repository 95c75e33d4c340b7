import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends a request over a real socket with the path exactly as given (like
 * `curl --path-as-is`). `app.inject` cannot do this: it normalises the URL with `new URL()`,
 * which removes dot segments, backslashes and fragments before the server sees them.
 */
export async function rawRequest(
  app: FastifyInstance,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        // Explicit, as Node sends a DELETE body without framing otherwise.
        headers: { ...options.headers, ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
