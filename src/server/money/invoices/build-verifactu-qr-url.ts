import { aeatAmount, aeatDate } from '../../platform/verifactu/aeat-formats';
import type { VerifactuDriver } from '../../platform/verifactu/verifactu-sender';
/**
 * The AEAT check URL ("URL de cotejo") that an invoice's tax QR code encodes (ADR 063), as the
 * AEAT's QR specification ("Características del QR y especificaciones del servicio de cotejo o
 * remisión de información por parte del receptor de la factura", §4–5) defines it: the
 * service of VERI*FACTU invoices with exactly four parameters, `nif`, `numserie`, `fecha`
 * (`dd-mm-yyyy`) and `importe`, each URL-encoded in UTF-8.
 */

/** Which AEAT site the QR points at. */
export type VerifactuQrEnvironment = 'production' | 'test';

export const VERIFACTU_QR_BASE_URLS: Record<VerifactuQrEnvironment, string> = {
  production: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR',
  test: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
};

/**
 * Only invoices whose records go to the AEAT itself point at its production check service;
 * with the test driver, or with none (records kept, nothing sent), the AEAT's production site
 * would answer "not registered" for every invoice, so they point at its test site (ADR 063).
 */
export function verifactuQrEnvironment(driver: VerifactuDriver): VerifactuQrEnvironment {
  return driver === 'aeat' ? 'production' : 'test';
}

/**
 * An amount in cents as the QR's `importe`: a point before the decimals and no trailing zeros,
 * as in the AEAT's own example (`importe=241.4` for 241,40 €): 24140 → `241.4`, 56700 → `567`,
 * 5 → `0.05`, -1210 → `-12.1`. The AEAT reads it as a number, so `241.4` and `241.40` are the
 * same amount; the shortest form keeps the QR small.
 */
export function formatQrAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`An amount must be whole cents, got ${cents}`);
  // The AEAT's one writing of an amount (the record's and the XML's), trailing zeros dropped.
  return aeatAmount(cents).replace(/\.?0+$/, '');
}

export interface VerifactuQrInput {
  /** The issuer's NIF (IDEmisorFactura). */
  nif: string;
  /** NumSerieFactura, e.g. `R2027-000001`. */
  numSerie: string;
  /** FechaExpedicionFactura as `yyyy-mm-dd`. */
  issueDate: string;
  /** ImporteTotal in cents. */
  totalCents: number;
}

/**
 * The check URL for one invoice. The parameters are form-encoded (`&` → `%26`, `/` → `%2F`,
 * space → `+`), as the AEAT's reference encoder does; the specification allows only printable
 * ASCII in the invoice number (at most 60 characters), so anything else is a bug upstream.
 */
export function buildVerifactuQrUrl(input: VerifactuQrInput, environment: VerifactuQrEnvironment): string {
  if (!/^[\x20-\x7e]{1,60}$/.test(input.numSerie)) throw new Error(`Invalid invoice number for the QR: ${JSON.stringify(input.numSerie)}`);
  if (!/^[A-Z0-9]{9}$/.test(input.nif)) throw new Error(`Invalid issuer NIF for the QR: ${JSON.stringify(input.nif)}`);
  const query = new URLSearchParams({
    nif: input.nif,
    numserie: input.numSerie,
    fecha: aeatDate(input.issueDate),
    importe: formatQrAmount(input.totalCents),
  });
  return `${VERIFACTU_QR_BASE_URLS[environment]}?${query.toString()}`;
}
