import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { VerifactuSendState } from '@shared/domain/verifactu-send-states';
import { invoiceLines, invoices, verifactuRecords, verifactuSubmissions } from '../../db/schema/invoices';
import { aeatAmount, aeatDate } from '../../platform/verifactu/aeat-formats';
import { describeVerifactuRecordQueueContract } from '../../testing/verifactu-record-queue-contract';
import type { VerifactuRecordQueue } from '../../platform/verifactu/verifactu-record-queue';
import type { VerifactuRecordToSend } from '../../platform/verifactu/verifactu-sender';
import { createBusiness, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createDatabaseVerifactuQueue } from './database-verifactu-queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The database queue held to the same contract as the in-memory one (ADR 062). The contract's
 * records are stored as the invoicing module stores its own (invoice, lines, chained record,
 * pending submission); their ids (`rec-1`, `inv-1`) are not UUIDs, so the harness renames
 * ids on the way in and out and nothing else.
 */
describeVerifactuRecordQueueContract('database', async (records) => {
  const db = t.database.db;
  const owner = await createUser(db, { userType: 'business' });
  const business = await createBusiness(db, { ownerId: owner.id });
  const toDb = new Map<string, string>();
  const fromDb = new Map<string, string>();
  const rename = (test: string) => {
    const id = randomUUID();
    toDb.set(test, id);
    fromDb.set(id, test);
    return id;
  };
  for (const [i, record] of records.entries()) {
    const doc = record.invoice;
    const invoiceId = rename(doc.id);
    await db.insert(invoices).values({
      id: invoiceId,
      businessId: business.id,
      type: doc.type,
      series: doc.series,
      number: doc.number,
      fullNumber: doc.fullNumber,
      period: doc.period,
      issueDate: doc.issueDate,
      issuerName: doc.issuer.name,
      issuerTaxId: doc.issuer.taxId,
      issuerAddress: doc.issuer.address,
      recipientName: doc.recipient.name,
      recipientTaxId: doc.recipient.taxId,
      recipientAddress: doc.recipient.address,
      baseCents: doc.baseCents,
      vatRateBasisPoints: doc.vatRateBasisPoints,
      vatCents: doc.vatCents,
      totalCents: doc.totalCents,
    });
    await db.insert(invoiceLines).values(doc.lines.map((l, n) => ({ invoiceId, position: n + 1, description: l.description, baseCents: l.baseCents, vatCents: n === 0 ? doc.vatCents : 0 })));
    const recordId = rename(record.id);
    await db.insert(verifactuRecords).values({
      id: recordId,
      issuerTaxId: doc.issuer.taxId,
      sequence: i + 1,
      kind: record.kind,
      invoiceId,
      idEmisor: doc.issuer.taxId,
      numSerie: doc.fullNumber,
      fechaExpedicion: aeatDate(doc.issueDate),
      tipoFactura: doc.type,
      cuotaTotal: aeatAmount(doc.vatCents),
      importeTotal: aeatAmount(doc.totalCents),
      generatedAt: record.generatedAt,
      installationNumber: record.installationNumber,
      previousFingerprint: record.previous?.fingerprint ?? '',
      fingerprint: record.fingerprint,
    });
    await db.insert(verifactuSubmissions).values({ recordId, state: 'pending' });
  }

  const inner = createDatabaseVerifactuQueue(db);
  const back = (r: VerifactuRecordToSend): VerifactuRecordToSend => ({ ...r, id: fromDb.get(r.id)!, invoice: { ...r.invoice, id: fromDb.get(r.invoice.id)! } });
  const queue: VerifactuRecordQueue = {
    loadPending: async (limit, now) => (await inner.loadPending(limit, now)).map(back),
    markResults: (results, now, pace) => inner.markResults(results.map((r) => ({ ...r, recordId: toDb.get(r.recordId)! })), now, pace),
    markAttemptFailed: (ids, error, now, pace) => inner.markAttemptFailed(ids.map((id) => toDb.get(id)!), error, now, pace),
    loadQueueState: () => inner.loadQueueState(),
  };
  return {
    queue,
    async stateOf(recordId) {
      const [row] = await db.select().from(verifactuSubmissions).where(eq(verifactuSubmissions.recordId, toDb.get(recordId)!));
      return { state: row!.state as VerifactuSendState, attempts: row!.attempts, lastError: row!.lastError, errorCode: row!.errorCode, errorDescription: row!.errorDescription };
    },
  };
});
