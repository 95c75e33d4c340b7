import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('CSRF protection on state-changing API requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (cookie: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie, ...headers }, payload: { fullName: 'Changed' } });

  it('refuses a foreign Origin, a foreign Referer and no header at all; changes nothing', async () => {
    const { cookie } = await createSignedInUser(t, { name: 'Original' });
    const attempts: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'null' },
      { referer: 'http://evil.example/page' },
      {},
    ];
    for (const headers of attempts) {
      const res = await patch(cookie, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'csrf_rejected' });
    }
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(profile.json()).toMatchObject({ fullName: 'Original' });
  });

  it('lets our own Origin, or our own Referer when Origin is absent, through', async () => {
    const { cookie } = await createSignedInUser(t);
    expect((await patch(cookie, { origin: 'http://localhost:3000' })).statusCode).toBe(200);
    expect((await patch(cookie, { referer: 'http://localhost:3000/app?tab=profile' })).statusCode).toBe(200);
  });

  it('guards Better Auth endpoints too, and leaves GET alone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://evil.example' },
      payload: { email: 'x@example.test', password: 'long-enough-password', name: 'X' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf_rejected' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it("does not ask Stripe's webhook for an Origin, and only that route", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload: {} });
    // Not the CSRF refusal: the test provider is configured, so the route answers 404.
    expect(res.statusCode).toBe(404);
    for (const url of ['/api/payments/stripe/webhook/x', '/api/payments/stripe/webhookx', '/api/payments/test/x/succeed', '/api/checkouts']) {
      const other = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(other.statusCode, url).toBe(403);
      expect(other.json()).toMatchObject({ code: 'csrf_rejected' });
    }
  });
});
