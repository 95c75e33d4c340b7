import { createServer, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface ApnsPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local stand-in for APNs speaking its protocol: HTTP/2 (cleartext here, TLS at Apple),
 * `POST /3/device/<token>`, 200 for a token it knows nothing against, 410 Unregistered for the
 * tokens in `gone`, 403 without a bearer token. It records every push.
 */
export async function startApnsStandIn(): Promise<{ url: string; pushes: ApnsPush[]; gone: Set<string>; close: () => Promise<void> }> {
  const pushes: ApnsPush[] = [];
  const gone = new Set<string>();
  const server = createServer();
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      const path = String(headers[':path']);
      pushes.push({ path, headers, body });
      const token = decodeURIComponent(path.replace(/^\/3\/device\//, ''));
      const authorized = String(headers.authorization ?? '').startsWith('bearer ');
      const status = !authorized ? 403 : gone.has(token) ? 410 : 200;
      stream.respond({ ':status': status, 'apns-id': '00000000-0000-4000-8000-000000000000' });
      stream.end(status === 200 ? undefined : JSON.stringify({ reason: status === 410 ? 'Unregistered' : 'MissingProviderToken' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, pushes, gone, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
