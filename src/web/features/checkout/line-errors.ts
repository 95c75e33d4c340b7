import type { CheckoutLineInput, checkoutLineInputSchema } from '@shared/contracts/checkout';
import type { CartLine } from '@web/lib/cart';
import { deliveryError } from '@web/lib/madrid-time';
import { cardAmountErrors } from '@shared/domain/gift-card';
import { parsePriceToCents } from '@shared/domain/money';

/** The fields of a line the form shows an error next to. */
export const lineFields = ['recipientName', 'recipientEmail', 'recipientPhone', 'personalMessage', 'recipientLocale', 'delivery', 'giftId', 'amountCents'] as const;
export type LineField = (typeof lineFields)[number];

/** lineId → field → error code (translated by the page, `errors.fields.<code>`). */
export type LineErrors = Record<string, Partial<Record<LineField, string>>>;

export function toLineInput(line: CartLine): CheckoutLineInput {
  // Given in person, nothing is sent: the contact the line may still hold (kept for a switch
  // back to sending) is not part of the order (ADR 103).
  const inPerson = line.delivery.kind === 'in_person';
  return {
    giftId: line.gift.id,
    recipientName: line.recipient.name,
    recipientEmail: inPerson ? null : line.recipient.email,
    recipientPhone: inPerson ? null : line.recipient.phone,
    personalMessage: line.recipient.message,
    recipientLocale: line.recipient.locale,
    contactId: line.recipient.contactId,
    delivery: line.delivery,
    // A card's amount as typed, in cents; only a card's line has one (the server knows which
    // gift is a card and asks for it when missing). Text that is no amount is checked below.
    ...(line.amount?.trim() ? { amountCents: cardAmountCents(line.amount) } : {}),
    // Sent only when ticked: the server keeps it for a gift booked online alone.
    ...(line.bookingNotice ? { giverWantsBookingNotice: true } : {}),
  };
}

/** The typed euros of a card line in cents; null when it is no amount (card_amount_invalid). */
export function cardAmountCents(amount: string): number | null {
  const parsed = parsePriceToCents(amount);
  return parsed.ok ? parsed.cents : null;
}

const asField = (key: string | number | symbol | undefined): LineField | null =>
  lineFields.includes(key as LineField) ? (key as LineField) : key === 'contactId' ? 'recipientName' : null;

/** The contract a line is checked against; the page loads it on first use (ADR 039), with zod. */
export type LineSchema = typeof checkoutLineInputSchema;
export const loadLineSchema = (): Promise<LineSchema> =>
  import('@shared/contracts/checkout').then((m) => m.checkoutLineInputSchema);

/** What the browser can tell before sending: the contract's own rules plus the delivery moment. */
export function validateLines(lines: CartLine[], now: Date, checkoutLineInputSchema: LineSchema): LineErrors {
  const errors: LineErrors = {};
  for (const line of lines) {
    const found: Partial<Record<LineField, string>> = {};
    const parsed = checkoutLineInputSchema.safeParse(toLineInput(line));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = asField(issue.path[0]);
        if (field) found[field] ??= issue.message;
      }
    }
    if (line.amount?.trim() && cardAmountCents(line.amount) === null) found.amountCents = cardAmountErrors.invalid;
    const delivery = line.delivery.kind === 'in_person' ? null : deliveryError(line.delivery, now);
    if (delivery) found.delivery ??= delivery;
    if (Object.keys(found).length > 0) errors[line.lineId] = found;
  }
  return errors;
}

/**
 * The server's answer (`fields` keyed `lines.<i>.<field>[.<more>]`, in the order the lines were
 * sent) back onto the lines. Keys that name no line come back in `other`.
 */
export function lineErrorsFromProblem(
  fields: Record<string, string>,
  sentLineIds: string[],
): { lines: LineErrors; other: string[] } {
  const lines: LineErrors = {};
  const other: string[] = [];
  for (const [key, code] of Object.entries(fields)) {
    const match = /^lines\.(\d+)\.([A-Za-z]+)/.exec(key);
    const lineId = match ? sentLineIds[Number(match[1])] : undefined;
    const field = match ? asField(match[2]) : null;
    if (!lineId || !field) {
      other.push(code);
      continue;
    }
    (lines[lineId] ??= {})[field] ??= code;
  }
  return { lines, other };
}

export function hasErrors(errors: LineErrors): boolean {
  return Object.keys(errors).length > 0;
}
