import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/contracts/session';
import { SessionCache } from './session-cache';
import { SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS } from './session-lifetime';

const user: SessionUser = {
  id: 'u1',
  email: 'ana@example.test',
  name: 'Ana',
  emailVerified: true,
  phone: null,
  userType: 'consumer',
  isBusiness: false,
  businessName: null,
  role: 'user',
  locale: 'es',
};
const now = Date.UTC(2026, 10, 23, 12);
// A session just signed in (or just slid): 30 days left.
const fresh = { user, createdAt: new Date(now), expiresAt: new Date(now + SESSION_IDLE_SECONDS * 1000) };

describe('SessionCache', () => {
  it('answers under the version it was stored with, and forgets everything when the version changes', () => {
    const cache = new SessionCache();
    cache.set('token.sig', 'v1', fresh);
    expect(cache.get('token.sig', 'v1', now)?.user).toBe(user);
    expect(cache.get('other.sig', 'v1', now)).toBeUndefined();
    expect(cache.get('token.sig', 'v2', now)).toBeUndefined();
    // Back to v1 (a request that read the value before a change committed): still nothing.
    expect(cache.get('token.sig', 'v1', now)).toBeUndefined();
  });

  it('stores nothing while the version row is missing', () => {
    const cache = new SessionCache();
    cache.set('token.sig', null, fresh);
    expect(cache.size).toBe(0);
    expect(cache.get('token.sig', null, now)).toBeUndefined();
  });

  it('hands a session back to Better Auth when its daily slide is due, and when it has expired', () => {
    const cache = new SessionCache();
    const refreshDue = fresh.expiresAt.getTime() - SESSION_IDLE_SECONDS * 1000 + SESSION_REFRESH_SECONDS * 1000;
    cache.set('token.sig', 'v1', fresh);
    expect(cache.get('token.sig', 'v1', refreshDue - 1)).toBeDefined();
    expect(cache.get('token.sig', 'v1', refreshDue)).toBeUndefined();

    // A session stored with less than a day left (dont-remember sessions are not slid).
    const ending = { ...fresh, expiresAt: new Date(now + 60_000) };
    cache.set('ending.sig', 'v1', ending);
    expect(cache.get('ending.sig', 'v1', now)).toBeUndefined();
  });

  it('keeps the newest entries when full', () => {
    const cache = new SessionCache();
    for (let i = 0; i < 20_001; i++) cache.set(`t${i}`, 'v1', fresh);
    expect(cache.size).toBe(20_000);
    expect(cache.get('t0', 'v1', now)).toBeUndefined();
    expect(cache.get('t20000', 'v1', now)).toBeDefined();
  });
});
