import type { Executor } from '../../db/client';
import { invoiceCancellations, invoices } from '../../db/schema/invoices';
import { verifyChain, type ChainVerdict } from './verify-chain';
import { listVerifactuRecords } from './list-verifactu-records';

/**
 * Recomputes the stored chain (`npm run verifactu:verify`): every record's fingerprint from
 * its fields and its predecessor's, and every invoice and cancellation has its record, so a
 * record removed from the end is found as well as one changed, removed or moved inside.
 */
export async function verifyVerifactuChain(db: Executor): Promise<ChainVerdict> {
  const records = await listVerifactuRecords(db);
  const issued = await db.select({ invoiceId: invoices.id }).from(invoices);
  const cancelled = await db.select({ invoiceId: invoiceCancellations.invoiceId }).from(invoiceCancellations);
  return verifyChain(records, [...issued.map((i) => ({ invoiceId: i.invoiceId, kind: 'alta' as const })), ...cancelled.map((c) => ({ invoiceId: c.invoiceId, kind: 'anulacion' as const }))]);
}

/** The verdict in one line for a person. */
export function describeVerdict(verdict: ChainVerdict): string {
  if (verdict.ok) return `VERI*FACTU chain intact: ${verdict.count} record(s) recomputed.`;
  const { index, problem, numSerie, invoiceId } = verdict.broken;
  const what = {
    fingerprint_mismatch: 'its fingerprint is not the SHA-256 of its fields (a value was changed)',
    previous_mismatch: "its previous fingerprint is not the preceding record's (a record was removed, inserted or moved)",
    unknown_fields: 'its fields are not those of its kind',
    record_missing: 'an invoice or cancellation has no record',
  }[problem];
  const where = problem === 'record_missing' ? `after record #${index}` : `at record #${index + 1}`;
  return `VERI*FACTU chain BROKEN ${where} (${numSerie || 'no number'}, invoice ${invoiceId}): ${what}.`;
}
