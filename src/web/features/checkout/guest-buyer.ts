import { useState } from 'react';
import { isValidEmail } from '@shared/domain/contact';
import { GUEST_LIMITS } from '@shared/contracts/guest-checkout-limits';
import { browserStorage } from '@web/lib/session';

/**
 * Who pays when nobody is signed in (ADR 075): a name and an email instead of an account.
 * Kept for the tab (sessionStorage) so a reload, or coming back from a failed payment, does
 * not ask again; the next person on a shared computer does not find them in a new tab.
 */
export interface GuestBuyerFields {
  name: string;
  email: string;
}
export type GuestField = keyof GuestBuyerFields;
export type GuestErrors = Partial<Record<GuestField, string>>;

const STORAGE_KEY = 'regalo.guest-buyer';

function readStored(): GuestBuyerFields {
  try {
    const raw = browserStorage('sessionStorage')?.getItem(STORAGE_KEY);
    const data = raw ? (JSON.parse(raw) as unknown) : null;
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      const { name, email } = data as Record<string, unknown>;
      return { name: typeof name === 'string' ? name : '', email: typeof email === 'string' ? email : '' };
    }
  } catch {
    // Blocked or corrupt storage: start empty.
  }
  return { name: '', email: '' };
}

export function useGuestBuyer() {
  const [fields, setFields] = useState(readStored);
  const change = (change: Partial<GuestBuyerFields>) =>
    setFields((current) => {
      const next = { ...current, ...change };
      try {
        browserStorage('sessionStorage')?.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage refused: the fields still work for this page view.
      }
      return next;
    });
  return [fields, change] as const;
}

/** The server's rules (contracts/guest-checkout.ts), without zod on the page: the same field codes. */
export function validateGuestBuyer(fields: GuestBuyerFields): GuestErrors {
  const errors: GuestErrors = {};
  const name = fields.name.trim();
  const email = fields.email.trim();
  if (!name) errors.name = 'required';
  else if (name.length > GUEST_LIMITS.name) errors.name = 'too_long';
  if (!email) errors.email = 'required';
  else if (email.length > GUEST_LIMITS.email) errors.email = 'too_long';
  else if (!isValidEmail(email)) errors.email = 'invalid_email';
  return errors;
}

/** `buyer.name` / `buyer.email` codes from a 400 answer. */
export function guestErrorsFromProblem(fields: Record<string, string>): GuestErrors {
  const errors: GuestErrors = {};
  if (fields['buyer.name']) errors.name = fields['buyer.name'];
  if (fields['buyer.email']) errors.email = fields['buyer.email'];
  return errors;
}
