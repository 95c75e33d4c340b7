import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema/contacts';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Abuse cases (ADR 035) on a write endpoint: wrong content types, malformed and oversize
 * bodies and overlong strings get a clear 4xx and change nothing; HTML and SQL text is stored
 * and given back as plain data.
 */
describe('bodies an attacker might send', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (payload: string | object, contentType = 'application/json') =>
    authedInject(t, cookie, { method: 'POST', url: '/api/contacts', payload, headers: { 'content-type': contentType } });

  it('refuses them with a 4xx problem and stores nothing', async () => {
    const user = await createUser(t.database.db);
    cookie = (await signIn(t, { email: user.email, password: user.password })).cookie;
    const cases: [string, string | object, string, number][] = [
      ['text/plain (Fastify reads it as a string: not an object)', 'name=Pau', 'text/plain', 400],
      ['a form body on a JSON endpoint', 'name=Pau', 'application/x-www-form-urlencoded', 415],
      ['XML', '<name>Pau</name>', 'application/xml', 415],
      ['malformed JSON', '{"name": "Pau"', 'application/json', 400],
      ['a JSON array', '[{"name":"Pau"}]', 'application/json', 400],
      ['an overlong name', { name: 'x'.repeat(10_000) }, 'application/json', 400],
      ['a 2 MB body', { name: 'Pau', notes: 'x'.repeat(2 * 1024 * 1024) }, 'application/json', 413],
    ];
    for (const [label, payload, type, status] of cases) {
      const res = await post(payload, type);
      expect(res.statusCode, label).toBe(status);
      expect(res.headers['content-type'], label).toContain('application/problem+json');
    }
    expect(await t.database.db.select().from(contacts)).toHaveLength(0);
  });

  it('stores HTML and SQL text as it was typed and gives it back as JSON data', async () => {
    const user = await createUser(t.database.db);
    cookie = (await signIn(t, { email: user.email, password: user.password })).cookie;
    const name = `<img src=x onerror=alert(1)>'); DROP TABLE contacts;--`;
    const res = await post({ name, notes: '" OR 1=1 --' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('application/json');
    const list = await authedInject(t, cookie, { method: 'GET', url: '/api/contacts' });
    expect(list.json().items).toEqual([expect.objectContaining({ name, notes: '" OR 1=1 --' })]);
    expect(await t.database.db.select().from(contacts)).toHaveLength(1);
  });
});
