import { and, desc, eq, ne } from 'drizzle-orm';
import { normalizeTypedCode } from '@shared/domain/typed-code';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';

/**
 * A phone as its digits, with the international prefix written `00` read as `+`. A Spanish
 * number typed without its country code (612 345 678) matches one stored as +34 612 345 678.
 */
export function samePhone(typed: string, stored: string): boolean {
  const digits = (value: string) => value.replace(/\D/g, '').replace(/^00/, '');
  const a = digits(typed);
  const b = digits(stored);
  if (a.length < 6 || b.length < 6) return false;
  return a === b || `34${a}` === b || a === `34${b}`;
}

export function sameEmail(typed: string, stored: string): boolean {
  return typed.trim().toLowerCase() === stored.trim().toLowerCase();
}

/**
 * "Open your gift" with what the recipient's message gives them in words: the 8-character
 * code under the QR, and the email or phone the gift was sent to. Both must match one gift
 * (the typed code alone has 40 bits and is unique only within a business, so it opens
 * nothing by itself); the answer is the gift page's own code, or null. Unpaid orders are
 * never found, as on the gift page.
 */
export async function findGiftByTypedCode(db: Executor, typed: { code: string; contact: string }): Promise<string | null> {
  const code = normalizeTypedCode(typed.code);
  const contact = typed.contact.trim();
  if (!code || contact.length === 0 || contact.length > 254) return null;
  const candidates = await db
    .select({ qrCode: orders.qrCode, recipientEmail: orders.recipientEmail, recipientPhone: orders.recipientPhone })
    .from(orders)
    .where(and(eq(orders.typedCode, code), ne(orders.status, 'unpaid')))
    .orderBy(desc(orders.createdAt))
    .limit(20);
  const isEmail = contact.includes('@');
  const match = candidates.find((c) =>
    isEmail ? c.recipientEmail !== null && sameEmail(contact, c.recipientEmail) : c.recipientPhone !== null && samePhone(contact, c.recipientPhone),
  );
  return match?.qrCode ?? null;
}
