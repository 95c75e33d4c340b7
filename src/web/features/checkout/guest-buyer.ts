import { useState } from 'react';
import type { guestBuyerSchema } from '@shared/contracts/guest-checkout';
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

/** The contract the server checks the guest with; the page loads it with the line's, on first use (ADR 039). */
export type GuestSchema = typeof guestBuyerSchema;
export const loadGuestSchema = (): Promise<GuestSchema> => import('@shared/contracts/guest-checkout').then((m) => m.guestBuyerSchema);

/** What the browser can tell before sending: the contract's own rules and field codes. */
export function validateGuestBuyer(fields: GuestBuyerFields, schema: GuestSchema): GuestErrors {
  const errors: GuestErrors = {};
  // The language is the page's, always one Regalo speaks: only the two fields are the person's.
  const parsed = schema.safeParse({ ...fields, locale: 'es' });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'name' || field === 'email') errors[field] ??= issue.message;
    }
  }
  return errors;
}

/** `buyer.name` / `buyer.email` codes from a 400 answer. */
export function guestErrorsFromProblem(fields: Record<string, string>): GuestErrors {
  const errors: GuestErrors = {};
  if (fields['buyer.name']) errors.name = fields['buyer.name'];
  if (fields['buyer.email']) errors.email = fields['buyer.email'];
  return errors;
}
