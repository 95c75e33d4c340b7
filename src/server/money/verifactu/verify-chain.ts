import type { VerifactuRecordExport } from '@shared/contracts/invoices';
import { computeFingerprint, fingerprintFieldNames, type RecordFields } from './verifactu-fingerprint';

export type ChainProblem = 'fingerprint_mismatch' | 'previous_mismatch' | 'unknown_fields' | 'record_missing';

export interface ChainBreak {
  /** Position in the chain (0-based) of the first record that does not hold. */
  index: number;
  problem: ChainProblem;
  invoiceId: string;
  /** NumSerieFactura(Anulada) of the record, to name it for a person. */
  numSerie: string;
}

export type ChainVerdict = { ok: true; count: number } | { ok: false; count: number; broken: ChainBreak };

/**
 * Walks the chain (each issuer's, in order) and names its first broken link: a record whose fields are not its
 * kind's (a field added, dropped or renamed), whose previous fingerprint is not the one
 * before it (a record removed, inserted or moved), or whose fingerprint is not the SHA-256
 * of its fields (a value changed). `expected` lists every record the invoices say must
 * exist ({invoiceId, kind}), so a record removed from the end is found too.
 */
export function verifyChain(records: readonly VerifactuRecordExport[], expected: readonly { invoiceId: string; kind: VerifactuRecordExport['kind'] }[] = []): ChainVerdict {
  // One chain per issuer: each record links to the last one of the same issuer.
  const lastByIssuer = new Map<string, string>();
  for (const [index, record] of records.entries()) {
    const issuer = record.fields.IDEmisorFactura ?? record.fields.IDEmisorFacturaAnulada ?? '';
    const previous = lastByIssuer.get(issuer) ?? '';
    const numSerie = record.fields.NumSerieFactura ?? record.fields.NumSerieFacturaAnulada ?? '';
    const fail = (problem: ChainProblem): ChainVerdict => ({ ok: false, count: records.length, broken: { index, problem, invoiceId: record.invoiceId, numSerie } });
    const names = fingerprintFieldNames(record.kind);
    const keys = Object.keys(record.fields);
    if (keys.length !== names.length || names.some((n) => typeof record.fields[n] !== 'string')) return fail('unknown_fields');
    if (record.previousFingerprint !== previous) return fail('previous_mismatch');
    if (computeFingerprint({ kind: record.kind, fields: record.fields } as unknown as RecordFields, previous) !== record.fingerprint) return fail('fingerprint_mismatch');
    lastByIssuer.set(issuer, record.fingerprint);
  }
  const present = new Set(records.map((r) => `${r.kind}:${r.invoiceId}`));
  const missing = expected.find((e) => !present.has(`${e.kind}:${e.invoiceId}`));
  if (missing) return { ok: false, count: records.length, broken: { index: records.length, problem: 'record_missing', invoiceId: missing.invoiceId, numSerie: '' } };
  return { ok: true, count: records.length };
}
