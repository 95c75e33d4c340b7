import { createHash } from 'node:crypto';
import type { VerifactuRecordKind } from '@shared/domain/invoices';

/** The fields of a registration record (registro de alta) that its fingerprint covers, in the AEAT's order. */
export interface AltaFields {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  TipoFactura: string;
  CuotaTotal: string;
  ImporteTotal: string;
  FechaHoraHusoGenRegistro: string;
}

/** The fields of a cancellation record (registro de anulación) that its fingerprint covers. */
export interface AnulacionFields {
  IDEmisorFacturaAnulada: string;
  NumSerieFacturaAnulada: string;
  FechaExpedicionFacturaAnulada: string;
  FechaHoraHusoGenRegistro: string;
}

export type RecordFields = { kind: 'alta'; fields: AltaFields } | { kind: 'anulacion'; fields: AnulacionFields };

/** Field names before `Huella` and after it, per kind (Orden HAC/1177/2024, AEAT hash spec). */
const fieldOrder = {
  alta: {
    before: ['IDEmisorFactura', 'NumSerieFactura', 'FechaExpedicionFactura', 'TipoFactura', 'CuotaTotal', 'ImporteTotal'],
    after: ['FechaHoraHusoGenRegistro'],
  },
  anulacion: {
    before: ['IDEmisorFacturaAnulada', 'NumSerieFacturaAnulada', 'FechaExpedicionFacturaAnulada'],
    after: ['FechaHoraHusoGenRegistro'],
  },
} as const satisfies Record<VerifactuRecordKind, { before: readonly string[]; after: readonly string[] }>;

/** The names a kind's fingerprint covers, without `Huella`, in order (the records export uses them). */
export function fingerprintFieldNames(kind: VerifactuRecordKind): readonly string[] {
  return [...fieldOrder[kind].before, ...fieldOrder[kind].after];
}

/**
 * The exact string hashed: `name=value` pairs joined by `&`, with `Huella=<previous>`
 * between the invoice's fields and the generation time. Values are trimmed, as the AEAT's
 * specification asks; everything else is kept byte for byte.
 */
export function fingerprintInput(record: RecordFields, previousFingerprint: string): string {
  const values = record.fields as unknown as Record<string, string>;
  const pair = (name: string) => `${name}=${(values[name] ?? '').trim()}`;
  const order = fieldOrder[record.kind];
  return [...order.before.map(pair), `Huella=${previousFingerprint.trim()}`, ...order.after.map(pair)].join('&');
}

/** Uppercase hexadecimal SHA-256 of the UTF-8 fingerprint input. */
export function computeFingerprint(record: RecordFields, previousFingerprint: string): string {
  return createHash('sha256').update(fingerprintInput(record, previousFingerprint), 'utf8').digest('hex').toUpperCase();
}
