import type { SessionUser } from '@shared/contracts/session';
import { SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS } from './session-lifetime';

/** Enough for every active session of a city's peak; the oldest entry makes room. */
const MAX_ENTRIES = 20_000;

export interface CachedSession {
  user: SessionUser;
  sessionCreatedAt: Date;
  /** Better Auth's own expiry check and its refresh (the idle slide) use the wall clock. */
  expiresAtMs: number;
  refreshDueAtMs: number;
}

/**
 * Sessions this server has checked with Better Auth, by their signed cookie value, valid for
 * as long as `cache_versions.auth` keeps the value it had before the check (ADR 037): any
 * change to a user or a session row (sign-out, revocation, deleted account, role or profile
 * change, the daily expiry slide) gives it a new one on every server at once.
 */
export class SessionCache {
  private version: string | null = null;
  private readonly entries = new Map<string, CachedSession>();

  /** A session the cache may answer for, under the version read before this request. */
  get(cookieValue: string, version: string | null, wallClockMs: number): CachedSession | undefined {
    this.observe(version);
    if (version === null) return undefined;
    const entry = this.entries.get(cookieValue);
    if (!entry) return undefined;
    // Past its expiry, or due for the daily slide: Better Auth must see this request.
    if (wallClockMs >= entry.expiresAtMs || wallClockMs >= entry.refreshDueAtMs) {
      this.entries.delete(cookieValue);
      return undefined;
    }
    return entry;
  }

  /**
   * Stores a session Better Auth has just confirmed. `version` must have been read before
   * that check, so a change committed in between leaves the entry under an older value.
   */
  set(cookieValue: string, version: string | null, session: { user: SessionUser; createdAt: Date; expiresAt: Date }): void {
    this.observe(version);
    if (version === null) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const expiresAtMs = session.expiresAt.getTime();
    this.entries.set(cookieValue, {
      user: session.user,
      sessionCreatedAt: session.createdAt,
      expiresAtMs,
      refreshDueAtMs: expiresAtMs - SESSION_IDLE_SECONDS * 1000 + SESSION_REFRESH_SECONDS * 1000,
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Every entry was stored under `this.version`; a request that read another value (newer,
   * or, while a change is committing, older) empties the cache, so an entry is only ever
   * served to a request that read the value it was stored under.
   */
  private observe(version: string | null): void {
    if (version === this.version) return;
    this.entries.clear();
    this.version = version;
  }
}
