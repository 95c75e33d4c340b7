/**
 * Values as the AEAT's schemas spell them (SuministroInformacion.xsd). The fingerprint is
 * computed over the same strings that travel in the XML (CuotaTotal, ImporteTotal,
 * FechaExpedicionFactura), so whoever computes a Huella must use these very functions.
 */

/**
 * ImporteSgn12.2Type: `(\+|-)?\d{1,12}(\.\d{0,2})?`, decimal point, always two decimals
 * here (12.35, 123.45, -4.20, 0.00) from integer cents, with no floating point involved.
 */
export function aeatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount in cents must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  if (units >= 1e12) throw new RangeError(`Amount exceeds 12 integer digits: ${cents}`);
  return `${sign}${units}.${String(abs % 100).padStart(2, '0')}`;
}

/** Tipo2.2Type: a VAT rate from basis points, 2100 → `21.00`. */
export function aeatRate(basisPoints: number): string {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints >= 100_000) {
    throw new RangeError(`VAT rate in basis points must be an integer from 0 to 99999: ${basisPoints}`);
  }
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/** The schema's `fecha` (dd-mm-yyyy) from a calendar date `yyyy-mm-dd`. */
export function aeatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`Expected a date as yyyy-mm-dd: ${isoDate}`);
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/** The calendar date `yyyy-mm-dd` back from the schema's `fecha`. */
export function isoDateFromAeat(aeatFecha: string): string {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(aeatFecha);
  if (!match) throw new RangeError(`Expected a date as dd-mm-yyyy: ${aeatFecha}`);
  return `${match[3]}-${match[2]}-${match[1]}`;
}
