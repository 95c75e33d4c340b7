import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { sessions, users } from '../../db/schema/auth';
import { authedInject, createSignedInUser, signIn } from '../../testing/auth-helpers';
import { createUser } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { getTestDatabase } from '../../testing/test-database';
import { getSessionUser, requireAdmin, requireUser } from './guard';

/** The real app plus three tiny routes that only exist to exercise the guards. */
async function createGuardedApp(): Promise<TestApp> {
  const database = await getTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'regalo-test-')),
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    RATE_LIMIT: 'off',
    // Sign-up links are read from the dev mailbox, which keeps bodies only with dev tools on.
    DEV_TOOLS: 'on',
    // No shedding on a late event loop (a busy machine stalls it: sign-ups got 503 on CI);
    // platform/load-shedding.int.test.ts tests shedding.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const app: FastifyInstance = await buildApp({ config, database, webRoot: false, logger: false });
  let lookups = 0;
  const original = app.ctx.auth.api.getSession;
  app.ctx.auth.api.getSession = ((...args: Parameters<typeof original>) => {
    lookups++;
    return original(...args);
  }) as typeof original;
  app.get('/api/test/whoami', async (request) => {
    const a = await getSessionUser(request);
    const b = await getSessionUser(request);
    return { user: a, same: a === b, lookups };
  });
  app.get('/api/test/user-only', async (request) => ({ id: (await requireUser(request)).id }));
  app.get('/api/test/admin-only', async (request) => ({ id: (await requireAdmin(request)).id }));
  await app.ready();
  return { app, database, config, close: () => app.close() };
}

describe('session guards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createGuardedApp();
  });
  afterAll(() => t.close());

  it('answers 401 unauthenticated to anonymous callers and to a forged cookie', async () => {
    for (const cookie of [null, 'better-auth.session_token=forged.value']) {
      for (const url of ['/api/test/user-only', '/api/test/admin-only', '/api/profile']) {
        const res = await authedInject(t, cookie, { method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toMatchObject({ code: 'unauthenticated' });
      }
    }
  });

  it('lets a consumer through requireUser, refuses requireAdmin with 403, and lets an admin through', async () => {
    const consumer = await createSignedInUser(t);
    expect((await authedInject(t, consumer.cookie, { method: 'GET', url: '/api/test/user-only' })).json()).toEqual({ id: consumer.user.id });
    const refused = await authedInject(t, consumer.cookie, { method: 'GET', url: '/api/test/admin-only' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });

    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, consumer.user.id));
    const allowed = await authedInject(t, consumer.cookie, { method: 'GET', url: '/api/test/admin-only' });
    expect(allowed.statusCode).toBe(200);
  });

  it('looks the session up once per request, and not again while nothing changed (ADR 037)', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const { lookups: start } = (await t.app.inject({ method: 'GET', url: '/api/test/whoami' })).json();
    const first = (await authedInject(t, cookie, { method: 'GET', url: '/api/test/whoami' })).json();
    const second = (await authedInject(t, cookie, { method: 'GET', url: '/api/test/whoami' })).json();
    expect(first.user).toMatchObject({ id: user.id, email: user.email, role: 'user', userType: 'consumer', emailVerified: true });
    expect(first.same).toBe(true);
    // The handler asks twice; Better Auth is asked once, and the next request is answered
    // from the session cache.
    expect(first.lookups - start).toBe(1);
    expect(second.user).toEqual(first.user);
    expect(second.lookups - first.lookups).toBe(0);
  });

  it('refuses an unverified account with 403 email_not_verified even with a session', async () => {
    const { cookie, user } = await createSignedInUser(t);
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    const res = await authedInject(t, cookie, { method: 'GET', url: '/api/test/user-only' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'email_not_verified' });
  });

  it('treats an expired session as signed out', async () => {
    const { cookie, user } = await createSignedInUser(t);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await authedInject(t, cookie, { method: 'GET', url: '/api/test/user-only' })).statusCode).toBe(401);
  });

  it('accepts accounts made by the seed factories (argon2id digest, credential account)', async () => {
    const made = await createUser(t.database.db, { email: 'seeded@example.test', role: 'admin' });
    const { cookie, user } = await signIn(t, { email: made.email, password: made.password });
    expect(user).toMatchObject({ id: made.id, role: 'admin' });
    expect((await authedInject(t, cookie, { method: 'GET', url: '/api/test/admin-only' })).statusCode).toBe(200);
  });

  it('gives sessions a 30-day lifetime', async () => {
    const { user } = await createSignedInUser(t);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id)).limit(1);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('stops sliding the idle expiry at 90 days after sign-in', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const day = 86_400_000;
    const now = Date.now();
    const signedInAt = new Date(now - 89 * day);
    // Due for a refresh (less than 29 days left), which would normally move it to now + 30
    // days; the absolute limit lets it move only to now + 1 day. (Half a day, not a day: a
    // day would put it on the limit itself, and the test would not see the slide.)
    await t.database.db
      .update(sessions)
      .set({ createdAt: signedInAt, expiresAt: new Date(now + day / 2) })
      .where(eq(sessions.userId, user.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: user.id } });
    // The session behind this cookie (signing up and signing in leave the user two).
    const sessionId = (res.json() as { session: { id: string } }).session.id;
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row!.expiresAt.getTime()).toBe(signedInAt.getTime() + 90 * day);
  });

  it('ends a session 90 days after sign-in, however recently it was used', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const day = 86_400_000;
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 91 * day), expiresAt: new Date(Date.now() + 20 * day) })
      .where(eq(sessions.userId, user.id));
    const before = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect((await authedInject(t, cookie, { method: 'GET', url: '/api/test/user-only' })).statusCode).toBe(401);
    // The refused session is revoked (the verification link's session stays until it is used).
    const after = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after).toHaveLength(before.length - 1);
    expect((await authedInject(t, cookie, { method: 'GET', url: '/api/test/user-only' })).statusCode).toBe(401);
  });
});
