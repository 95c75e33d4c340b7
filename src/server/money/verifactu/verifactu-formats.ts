import { offsetMinutes, zonedParts } from '@shared/domain/validity';

/*
 * How values are written in VERI*FACTU records (ADR 061). The fingerprint is computed over
 * these exact strings and the sender puts the same strings in the XML, because the AEAT
 * recomputes the fingerprint from the values as sent: `123.1` and `123.10` are different
 * strings with different fingerprints, so one writing is chosen and stored with the record.
 * Amounts and dates are written by the sender's `platform/verifactu/aeat-formats.ts`, the
 * one writing both the fingerprint and the XML use; this file adds the record's clock values.
 */

const two = (n: number) => String(n).padStart(2, '0');

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
