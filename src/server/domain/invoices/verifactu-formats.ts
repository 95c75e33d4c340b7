import { offsetMinutes, zonedParts } from '@shared/domain/validity';

/*
 * How values are written in VERI*FACTU records (ADR 061). The fingerprint is computed over
 * these exact strings and the sender puts the same strings in the XML, because the AEAT
 * recomputes the fingerprint from the values as sent: `123.1` and `123.10` are different
 * strings with different fingerprints, so one writing is chosen and stored with the record.
 */

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Cents as the AEAT's decimal type (ImporteSgn12.2): `.` as the decimal mark, always two
 * decimals, `-` for a negative amount, no `+` and no thousands separator — the writing of
 * the AEAT's own examples (`12.35`, `123.45`). Integer arithmetic only.
 */
export function formatAeatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${two(abs % 100)}`;
}

/** A `YYYY-MM-DD` calendar date as the AEAT writes dates: `dd-mm-yyyy`. */
export function formatAeatDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) throw new RangeError(`not a date: ${isoDate}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** The Madrid calendar date of an instant, `YYYY-MM-DD`. */
export function madridDateOf(instant: Date): string {
  const p = zonedParts(instant);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/**
 * FechaHoraHusoGenRegistro: the instant in Madrid local time, to the second, with its UTC
 * offset (`2024-01-01T19:20:30+01:00` in winter, `+02:00` in summer).
 */
export function formatAeatTimestamp(instant: Date): string {
  const p = zonedParts(instant);
  const offset = offsetMinutes(instant);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
