import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with m = 46 MiB, t = 1, p = 1 (OWASP's first recommended profile). Used by Better
 * Auth for sign-up, sign-in and reset, and by the seed factories, so demo and test accounts
 * sign in exactly like real ones.
 */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(password: string, digest: string): Promise<boolean> {
  try {
    return await verify(digest, password);
  } catch {
    return false;
  }
}
