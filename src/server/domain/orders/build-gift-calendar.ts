import { addDays, localDateOf } from '@shared/domain/analytics';

/**
 * An iCalendar file (RFC 5545). While the gift is booked, one timed event at the booked time
 * (UTC times, so no time zone block is needed) with alarms a day and two hours before;
 * otherwise one all-day event on the gift's last valid day (a
 * Madrid calendar date, so no time zone block is needed) and two alarms: a week and a day
 * before. The UID is the order's, so importing it twice updates one event instead of
 * adding another.
 */
export interface GiftCalendarInput {
  orderId: string;
  /** Host name of PUBLIC_URL, so the UID is globally unique. */
  host: string;
  expiresAt: Date;
  summary: string;
  description: string;
  alarm: string;
  location: string;
  url: string;
  now: Date;
  /** The booked time (ADR 105): a timed event instead of the last valid day. */
  booked?: { startsAt: Date; endsAt: Date } | undefined;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export function escapeIcsText(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line may hold 75 octets; continuation lines 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const basicDate = (isoDate: string) => isoDate.replaceAll('-', '');
const basicUtc = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

export function buildGiftCalendar(input: GiftCalendarInput): string {
  const lastDay = localDateOf(input.expiresAt);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Regalo//Gift reminder//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:gift-${input.orderId}@${input.host}`,
    `DTSTAMP:${basicUtc(input.now)}`,
    ...(input.booked
      ? [`DTSTART:${basicUtc(input.booked.startsAt)}`, `DTEND:${basicUtc(input.booked.endsAt)}`]
      : [`DTSTART;VALUE=DATE:${basicDate(lastDay)}`, `DTEND;VALUE=DATE:${basicDate(addDays(lastDay, 1))}`]),
    `SUMMARY:${escapeIcsText(input.summary)}`,
    `DESCRIPTION:${escapeIcsText(input.description)}`,
    `LOCATION:${escapeIcsText(input.location)}`,
    `URL:${input.url}`,
    input.booked ? 'TRANSP:OPAQUE' : 'TRANSP:TRANSPARENT',
    ...(input.booked ? ['-P1D', '-PT2H'] : ['-P7D', '-P1D']).flatMap((trigger) => [
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `TRIGGER:${trigger}`,
      `DESCRIPTION:${escapeIcsText(input.alarm)}`,
      'END:VALARM',
    ]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
