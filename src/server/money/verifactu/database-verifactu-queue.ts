import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { verifactuQueueState, verifactuRecords, verifactuSubmissions } from '../../db/schema/invoices';
import { loadInvoiceDocument } from '../invoices/load-invoice-document';
import { isoDateFromAeat } from '../../platform/verifactu/aeat-formats';
import type { VerifactuQueueState, VerifactuRecordQueue } from '../../platform/verifactu/verifactu-record-queue';
import type { VerifactuRecordToSend } from '../../platform/verifactu/verifactu-sender';

const QUEUE_ID = 'aeat';

type RecordRow = typeof verifactuRecords.$inferSelect;

/** A stored record as the sender takes it: its invoice as a document and its chain link. */
async function toRecordToSend(db: Executor, row: RecordRow): Promise<VerifactuRecordToSend> {
  const invoice = await loadInvoiceDocument(db, row.invoiceId);
  if (!invoice) throw new Error(`record ${row.id} names no invoice`);
  const [previous] =
    row.sequence > 1
      ? await db
          .select()
          .from(verifactuRecords)
          .where(and(eq(verifactuRecords.issuerTaxId, row.issuerTaxId), eq(verifactuRecords.sequence, row.sequence - 1)))
      : [];
  return {
    id: row.id,
    kind: row.kind as VerifactuRecordToSend['kind'],
    invoice,
    generatedAt: row.generatedAt,
    installationNumber: row.installationNumber,
    fingerprint: row.fingerprint,
    ...(previous
      ? { previous: { issuerTaxId: previous.idEmisor, fullNumber: previous.numSerie, issueDate: isoDateFromAeat(previous.fechaExpedicion), fingerprint: previous.fingerprint } }
      : {}),
  };
}

/**
 * The sending queue (platform/verifactu, ADR 062) over the invoicing tables (ADR 061): the
 * records in chain order, each one's state in `verifactu_submissions`, and the queue's pace in
 * the one `verifactu_queue_state` row every server reads.
 */
export function createDatabaseVerifactuQueue(db: Database): VerifactuRecordQueue {
  const storePace = (tx: Executor, queue: VerifactuQueueState, now: Date) =>
    tx
      .insert(verifactuQueueState)
      .values({ id: QUEUE_ID, ...queue, updatedAt: now })
      .onConflictDoUpdate({ target: verifactuQueueState.id, set: { ...queue, updatedAt: now } });

  return {
    async loadPending(limit) {
      const rows = await db
        .select({ record: verifactuRecords })
        .from(verifactuRecords)
        .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
        .where(eq(verifactuSubmissions.state, 'pending'))
        .orderBy(asc(verifactuRecords.issuerTaxId), asc(verifactuRecords.sequence))
        .limit(limit);
      const records: VerifactuRecordToSend[] = [];
      for (const { record } of rows) records.push(await toRecordToSend(db, record));
      return records;
    },

    async markResults(results, now, queue) {
      await db.transaction(async (tx) => {
        for (const result of results) {
          await tx
            .update(verifactuSubmissions)
            .set({
              state: result.outcome,
              errorCode: result.outcome === 'accepted' ? null : result.code,
              errorDescription: result.outcome === 'accepted' ? null : result.description,
              answeredAt: now,
              updatedAt: now,
            })
            .where(eq(verifactuSubmissions.recordId, result.recordId));
        }
        await storePace(tx, queue, now);
      });
    },

    async markAttemptFailed(recordIds, error, now, queue) {
      await db.transaction(async (tx) => {
        if (recordIds.length > 0) {
          await tx
            .update(verifactuSubmissions)
            .set({ attempts: sql`${verifactuSubmissions.attempts} + 1`, lastError: error, updatedAt: now })
            .where(inArray(verifactuSubmissions.recordId, [...recordIds]));
        }
        await storePace(tx, queue, now);
      });
    },

    async loadQueueState() {
      const [row] = await db.select().from(verifactuQueueState).where(eq(verifactuQueueState.id, QUEUE_ID));
      return row
        ? { nextAllowedSendAt: row.nextAllowedSendAt, consecutiveFailures: row.consecutiveFailures, lastError: row.lastError }
        : { nextAllowedSendAt: null, consecutiveFailures: 0, lastError: null };
    },
  };
}
