import type { FastifyRequest } from 'fastify';
import { clientKey, type DeclaredLimit, type RateLimitRule } from './rate-limit';

/**
 * The limits routes share (ADR 054). A counter's name is shared by every route that
 * declares it, so an attacker cannot spread attempts over several routes that do the same
 * thing: every mail to an address that has not proven itself counts in one place.
 */

const MINUTE = 60_000;

export const UNPROVEN_MAIL_LIMITS = {
  /** Enough for "it did not arrive, send it again" a few times; too few to flood anyone. */
  perAddress: { limit: 5, windowMs: 15 * MINUTE },
  perIp: { limit: 20, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export const PASSWORD_LIMITS = {
  perAccount: { limit: 5, windowMs: MINUTE },
  perIp: { limit: 30, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * Catalogue searches the cache has not answered, per client address: each is real work for the
 * database (on PGlite, time the whole process waits). A visitor typing searches makes a few a
 * minute (the app waits for a pause in the typing); the shop's form one per submit.
 */
export const UNCACHED_SEARCH_LIMITS = {
  perIp: { limit: 30, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * Declared by every route that searches the catalogue; counted (app.limitMisses) only for a
 * search the catalogue cache does not answer, before it runs (`limitUncachedSearch`).
 */
export const uncachedSearchLimits: DeclaredLimit[] = [
  { name: 'uncached-search-ip', rule: UNCACHED_SEARCH_LIMITS.perIp, key: clientKey, counts: 'misses' },
];

/**
 * An address as a counter key: case folded and the `+tag` dropped, since every tagged form
 * reaches the same inbox (ADR 054: `+tag` variants used to step around the per-address limit).
 */
export function mailboxKey(email: string): string {
  const folded = email.trim().toLowerCase();
  const at = folded.lastIndexOf('@');
  if (at <= 0) return folded;
  const local = folded.slice(0, at).split('+')[0] || folded.slice(0, at);
  return `${local}@${folded.slice(at + 1)}`;
}

/** Mail to an address that has not proven itself (`addressOf` reads it from the request). */
export function unprovenMailLimits(
  addressOf: (request: FastifyRequest) => string | undefined | Promise<string | undefined>,
): DeclaredLimit[] {
  return [
    { name: 'unproven-mail-ip', rule: UNPROVEN_MAIL_LIMITS.perIp, key: clientKey },
    {
      name: 'unproven-mail-address',
      rule: UNPROVEN_MAIL_LIMITS.perAddress,
      key: async (request) => {
        const address = await addressOf(request);
        return address === undefined ? undefined : mailboxKey(address);
      },
    },
  ];
}

/**
 * A password check. `accountOf` names the account guessed at: the signed-in user's id, or
 * the address typed at sign-in (case folded, as the account is looked up).
 */
export function passwordLimits(
  accountOf: (request: FastifyRequest) => string | undefined | Promise<string | undefined>,
): DeclaredLimit[] {
  return [
    { name: 'password-ip', rule: PASSWORD_LIMITS.perIp, key: clientKey },
    { name: 'password-account', rule: PASSWORD_LIMITS.perAccount, key: accountOf },
  ];
}
