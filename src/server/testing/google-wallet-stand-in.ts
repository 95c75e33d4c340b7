import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleWalletCall {
  method: string;
  path: string;
  authorization?: string;
  body: string;
}

/**
 * A local stand-in for Google's OAuth token endpoint (the JWT bearer grant, answering an access
 * token) and the Wallet REST API's `genericObject` PATCH, recording every call.
 */
export async function startGoogleWalletStandIn(): Promise<{ url: string; tokenUrl: string; calls: GoogleWalletCall[]; close: () => Promise<void> }> {
  const calls: GoogleWalletCall[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      calls.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && path === '/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !form.get('assertion')) {
          response.statusCode = 400;
          return response.end(JSON.stringify({ error: 'invalid_grant' }));
        }
        return response.end(JSON.stringify({ access_token: 'stand-in-access-token', token_type: 'Bearer', expires_in: 3600 }));
      }
      if (request.method === 'PATCH' && path.startsWith('/walletobjects/v1/genericObject/')) {
        if (request.headers.authorization !== 'Bearer stand-in-access-token') {
          response.statusCode = 401;
          return response.end('{}');
        }
        return response.end(body);
      }
      response.statusCode = 404;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return { url, tokenUrl: `${url}/token`, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
