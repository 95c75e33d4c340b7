import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema/contacts';
import { authedInject, createSignedInUser, originOf, TEST_PASSWORD } from '../../testing/auth-helpers';
import { rawRequest } from '../../testing/raw-request';
import { createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * ADR 035: the path a hook looks at must be the path that is routed and
 * handed to Better Auth. Non-canonical paths are refused outright (400) whatever the
 * method, so no check can be stepped around by spelling a path differently.
 */
describe('non-canonical paths are refused before routing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const variants = [
    '/api/auth/./sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth//sign-in/email',
    '/%61pi/contacts',
    '/api/%2E%2E/api/contacts',
    '/api/contacts%2F',
    '/api%5Ccontacts',
    '/api\\contacts',
    '/api/auth/sign-in/email#x',
    '/./index.html',
    '//api/health',
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

  it.each(variants)('%s → 400 non_canonical_path for every method, nothing created', async (url) => {
    const before = (await t.database.db.select().from(contacts)).length;
    for (const method of methods) {
      const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
      const res = await rawRequest(t.app, {
        method,
        path: url,
        headers: { origin: originOf(t), ...(withBody ? { 'content-type': 'application/json' } : {}) },
        ...(withBody ? { body: JSON.stringify({ name: 'X', email: 'x@example.test', password: 'whatever-password' }) } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      if (method !== 'HEAD') expect(JSON.parse(res.body), `${method} ${url}`).toMatchObject({ code: 'non_canonical_path' });
    }
    expect((await t.database.db.select().from(contacts)).length).toBe(before);
  });

  it('keeps canonical paths with a query string, and reserved characters that are encoded', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health?x=%2E%2E/%61' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog/businesses/caf%C3%A9' })).statusCode).not.toBe(400);
  });
});

describe('CSRF check applies to every state-changing request, whatever its path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a foreign Origin on a route outside /api/ and on an unknown path', async () => {
    for (const url of ['/anything', '/app/contacts', '/api/contacts']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { origin: 'http://evil.example' }, payload: {} });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'csrf_rejected' });
    }
  });
});

describe('auth rate limits and token stripping cannot be stepped around', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  it('counts form-encoded sign-ins against the per-email limit', async () => {
    await createUser(t.database.db, { email: 'form-target@example.test', password: TEST_PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await authedInject(t, null, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: 'form-target@example.test', password: `wrong-${i}` }).toString(),
        remoteAddress: `198.51.100.${i + 10}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s !== 429), statuses.join()).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('refuses a form body that names the email twice', async () => {
    const res = await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.test&email=b%40example.test&password=whatever-password',
    });
    expect(res.statusCode).toBe(400);
  });

  it('never returns the session token in a JSON answer, whatever endpoint answers', async () => {
    const { cookie } = await createSignedInUser(t);
    for (const url of ['/api/auth/get-session', '/api/auth/get-session/', '/api/auth/list-sessions', '/api/auth/list-sessions/']) {
      const res = await authedInject(t, cookie, { method: 'GET', url });
      expect(res.body, url).not.toMatch(/"token"/);
    }
    const user = await createUser(t.database.db, { email: 'token-check@example.test', password: TEST_PASSWORD });
    for (const path of ['/api/auth/sign-in/email', '/api/auth/./sign-in/email']) {
      const res = await rawRequest(t.app, {
        method: 'POST',
        path,
        headers: { origin: originOf(t), 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
      });
      expect(res.body, path).not.toMatch(/"token"/);
    }
  });
});
