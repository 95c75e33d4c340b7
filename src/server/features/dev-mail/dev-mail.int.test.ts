import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { signUp } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { productionOperatorEnv } from '../../testing/operator-env';

describe('dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists delivered dev mail as JSON, newest first, delivering due mail first', async () => {
    await signUp(t, { email: 'first@example.test', password: 'una-clave-bastante-larga', name: 'First', locale: 'en' });
    await signUp(t, { email: 'second@example.test', password: 'una-clave-bastante-larga', name: 'Second', locale: 'es' });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(res.statusCode).toBe(200);
    const mails = res.json() as { id: string; to: string; subject: string; text: string; html: string; createdAt: string }[];
    expect(mails.map((m) => m.to)).toEqual(['second@example.test', 'first@example.test']);
    expect(mails[0]).toMatchObject({ subject: 'Confirma tu correo electrónico en Regalo' });
    expect(mails[0]!.text).toContain('http://localhost:3000/api/auth/verify-email?token=');
    expect(mails[0]!.html).toContain('<a href="http://localhost:3000/api/auth/verify-email?token=');
    expect(new Date(mails[0]!.createdAt).toString()).not.toBe('Invalid Date');
  });

  it('shows an HTML page with the mails and clickable links, without scripts', async () => {
    await signUp(t, { email: 'page@example.test', password: 'una-clave-bastante-larga', name: 'Page' });
    // Sign-up mail carries no typed text any more (ADR 054); a subject with markup stands in.
    await t.database.db.insert(mailOutbox).values({ to: 'page@example.test', subject: '<b>Page</b>', text: 'Page', html: '<p>Page</p>', template: 'order-receipt' });
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Confirm your email address for Regalo');
    expect(res.body).toContain('page@example.test');
    expect(res.body).toMatch(/<a href="http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^"]+">/);
    expect(res.body).toContain('&lt;b&gt;Page&lt;/b&gt;');
    expect(res.body).not.toContain('<script');
  });

  it.each([
    ['in development without DEV_TOOLS', { NODE_ENV: 'development', DEV_TOOLS: 'off' }],
    ['in production', { NODE_ENV: 'production', ...productionOperatorEnv, PAYMENTS_PROVIDER: 'test', PAYMENTS_ALLOW_TEST: 'true', DEV_TOOLS: 'off' }],
  ])('does not exist %s (dev tools are an explicit opt-in)', async (_label, env) => {
    const app = await createTestApp({ env });
    try {
      for (const url of ['/api/dev/mail', '/dev/mailbox']) {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
    } finally {
      await app.close();
    }
  });
});
