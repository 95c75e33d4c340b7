import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../testing/server-process';
import { copyPgliteToFolder, getTestDatabase, testDatabaseKind } from '../testing/test-database';
import { MAX_NESTING_DEPTH } from './refuse-nul';

/**
 * What a real client meets at the real server (main.ts, bundled, listening on a loopback
 * port), where `inject` would hide it: the stack a request body can exhaust, and the Accept
 * header (or none) that link checkers and monitors send. Requests go out through node:http,
 * which adds no Accept header of its own (fetch would add `*\/*`).
 */
const PUBLIC_URL = 'http://127.0.0.1:8080';
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

interface Answer {
  status: number;
  type: string;
  body: string;
}

describe('a listening server', () => {
  let server: ServerProcess;
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-listening-'));
    // A built web app of its own: the document the pages are answered with.
    const dist = path.join(dataDir, 'dist');
    mkdirSync(path.join(dist, 'web'), { recursive: true });
    writeFileSync(path.join(dist, 'web', 'index.html'), INDEX_HTML);
    let databaseEnv: Record<string, string> = {};
    if (testDatabaseKind() === 'postgresql') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'regalo_listening');
      cleanup.push(() => scratch.drop());
      databaseEnv = { DATABASE_URL: scratch.url };
    } else {
      await copyPgliteToFolder(await getTestDatabase(), path.join(dataDir, 'pglite'));
    }
    server = await startServerProcess({
      ...databaseEnv,
      DATA_DIR: dataDir,
      REGALO_DIST: dist,
      PUBLIC_URL,
      AUTH_SECRET: `listening-${randomUUID()}`,
      // A loaded test machine is not what this suite is about.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    cleanup.push(() => server.stop());
  }, 120_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  function send(method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
    const { hostname, port } = new URL(server.origin);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: hostname,
          port,
          method,
          path: pathname,
          headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), origin: PUBLIC_URL }) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Error-level lines the server has logged so far (a stack trace per failed request). */
  const errorLines = () => server.output.text.split('\n').filter((line) => /"level":(50|60)/.test(line));

  describe('a body nested without end', () => {
    const nested = (depth: number, inner = '"x"') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

    it('is refused with 400 body_too_deep, on the app’s routes and on Better Auth’s, with no error logged', async () => {
      const errorsBefore = errorLines().length;
      for (const url of ['/api/checkouts/quote', '/api/contacts', '/api/auth/sign-in/email']) {
        for (const body of [nested(50_000), `{"giftIds":["x"],"extra":${nested(50_000)}}`]) {
          const res = await send('POST', url, {}, body);
          expect(res.status, `${url}: ${res.body.slice(0, 200)}`).toBe(400);
          expect(res.type).toContain('application/problem+json');
          expect(JSON.parse(res.body)).toMatchObject({ status: 400, code: 'body_too_deep' });
        }
      }
      // Still answering, and nothing was logged as a failure of ours.
      expect((await send('GET', '/api/operator')).status).toBe(200);
      expect(errorLines().slice(errorsBefore)).toEqual([]);
    }, 60_000);

    it(`takes ${MAX_NESTING_DEPTH} levels and refuses one more`, async () => {
      // The top-level object is the first level; `extra` (not part of the contract) the rest.
      const atLimit = await send('POST', '/api/checkouts/quote', {}, `{"giftIds":["x"],"extra":${nested(MAX_NESTING_DEPTH - 1)}}`);
      expect(atLimit.status, atLimit.body).toBe(200);
      const over = await send('POST', '/api/checkouts/quote', {}, `{"giftIds":["x"],"extra":${nested(MAX_NESTING_DEPTH)}}`);
      expect(over.status, over.body).toBe(400);
      expect(JSON.parse(over.body)).toMatchObject({ code: 'body_too_deep' });
    });
  });

  describe('the app’s pages, whatever the Accept header', () => {
    const pages = ['/privacy', '/app', '/auth', '/auth/forgot-password', '/checkout', '/checkout/abc/pay', '/business/dashboard?tab=gifts', '/purchase/some-token'];
    const notJson: Record<string, string>[] = [{ accept: '*/*' }, {}, { accept: 'text/html' }, { accept: 'image/avif,image/webp,*/*;q=0.8' }];

    it('answers an app page with its document to */*, to no Accept at all, and to a browser', async () => {
      for (const url of pages) {
        for (const headers of notJson) {
          const res = await send('GET', url, headers);
          expect(res.status, `${url} ${JSON.stringify(headers)}`).toBe(200);
          expect(res.type).toContain('text/html');
          expect(res.body).toContain('<div id="root">');
        }
      }
      const head = await send('HEAD', '/privacy', { accept: '*/*' });
      expect(head.status).toBe(200);
      expect(head.type).toContain('text/html');
    });

    it('answers a client asking for JSON first with 404 problem+json, for an app page too', async () => {
      for (const url of ['/privacy', '/app', '/no/such/page']) {
        for (const accept of ['application/json', 'application/json, text/plain, */*']) {
          const res = await send('GET', url, { accept });
          expect(res.status, `${url} ${accept}`).toBe(404);
          expect(res.type).toContain('application/problem+json');
          expect(JSON.parse(res.body)).toMatchObject({ status: 404, code: 'not_found' });
        }
      }
    });

    it('keeps answering 404 for unknown paths and API routes, as a page only to a browser', async () => {
      for (const url of ['/no/such/page', '/apps', '/privacy/extra', '/api/no-such-route', '/api']) {
        for (const headers of [{ accept: '*/*' }, {}] as Record<string, string>[]) {
          const res = await send('GET', url, headers);
          expect(res.status, `${url} ${JSON.stringify(headers)}`).toBe(404);
          expect(res.type).toContain('application/problem+json');
        }
      }
      // A browser gets the app's not-found page, still with 404; an API route never a page.
      const browser = await send('GET', '/no/such/page', { accept: 'text/html' });
      expect(browser.status).toBe(404);
      expect(browser.type).toContain('text/html');
      const api = await send('GET', '/api/no-such-route', { accept: 'text/html' });
      expect(api.status).toBe(404);
      expect(api.type).toContain('application/problem+json');
    });
  });
});
