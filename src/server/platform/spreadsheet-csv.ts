import { zonedParts } from '@shared/domain/validity';

/*
 * CSV for Spanish spreadsheets (ADR 060): the statements, the invoice book and DAC7 write
 * amounts, dates and texts with these, so every export opens the same way.
 */

/** Cents as `-12,05`: integer arithmetic only, no floating point on the way. */
export function formatCsvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export function formatCsvDate(instant: Date | string): string {
  const p = zonedParts(typeof instant === 'string' ? new Date(instant) : instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)}/${p.year}`;
}

/**
 * Quotes a field that holds the separator, a quote or a line break (quotes doubled). A text
 * a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first: a gift's name is the
 * business's own input) gets a leading apostrophe, the usual CSV-injection guard.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
