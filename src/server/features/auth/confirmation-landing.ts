import type { Executor } from '../../db/client';
import { countGuestPurchasesAwaitingAccount } from '../../domain/orders/guest-purchases-awaiting-account';

const BASE = 'https://regalo.invalid';

/**
 * Where a confirmation link lands, told what happened: `verified=1` so the page says the
 * address is confirmed (whatever page the sign-up asked to return to), and `found=N` when N
 * purchases made as a guest with the address wait for "Add to my account". Only the holder of
 * the link gets this redirect, so only the mailbox's owner learns the count. A failed link
 * (`error=`) and an address outside the site are left as they are.
 */
export function confirmationLocation(location: string | null, found: number): string | null {
  if (!location) return location;
  let url: URL;
  try {
    url = new URL(location, BASE);
  } catch {
    return location;
  }
  if (url.origin !== BASE || url.searchParams.has('error')) return location;
  if (url.searchParams.get('verified') !== '1') url.searchParams.set('verified', '1');
  if (found > 0) url.searchParams.set('found', String(found));
  else url.searchParams.delete('found');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The landing of a confirmation that has just proven `email`, from Better Auth's redirect. */
export async function landingAfterConfirmation(db: Executor, now: Date, email: string, location: string | null): Promise<string | null> {
  return confirmationLocation(location, await countGuestPurchasesAwaitingAccount(db, email, now));
}
