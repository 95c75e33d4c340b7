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
  // A socket of its own handed to the app's router, rather than app.listen(): listening starts
  // the server's background jobs (mail worker, expiries, deliveries, clean-ups), whose
  // transactions then ran on into the next test's TRUNCATE reset and deadlocked with it on
  // PostgreSQL (40P01, ADR 043).
  await app.ready();
  const server = http.createServer((req, res) => app.routing(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await send(port, options);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

function send(port: number, options: { method: string; path: string; headers?: Record<string, string>; body?: string }): Promise<RawResponse> {
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
