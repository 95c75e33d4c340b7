import { count, desc, eq, exists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMIN_PAGE_SIZE } from '@shared/contracts/admin';
import type { VerifactuSubmissionPage, verifactuSubmissionQuerySchema } from '@shared/contracts/invoices';
import type { InvoiceTypeCode, VerifactuRecordKind } from '@shared/domain/invoices';
import { verifactuSendStates, type VerifactuSendState } from '@shared/domain/verifactu-send-states';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { invoices, invoiceSubstitutions, verifactuQueueState, verifactuRecords, verifactuSubmissions } from '../../db/schema/invoices';
import type { VerifactuDriver } from '../../platform/verifactu/verifactu-sender';

/**
 * Each billing record's way to the AEAT, for the admin (ADR 062): newest record
 * first, filtered by state, with the AEAT's error per record and, for pending ones, when the
 * queue may send again (the pace is the queue's, shared by all its records).
 */
export async function listVerifactuSubmissions(
  db: Executor,
  query: z.output<typeof verifactuSubmissionQuerySchema>,
  driver: VerifactuDriver,
): Promise<VerifactuSubmissionPage> {
  const where = query.state ? eq(verifactuSubmissions.state, query.state) : undefined;
  const [rows, [total], byState, [pace]] = await Promise.all([
    db
      .select({
        recordId: verifactuRecords.id,
        kind: verifactuRecords.kind,
        sequence: verifactuRecords.sequence,
        invoiceId: verifactuRecords.invoiceId,
        fullNumber: verifactuRecords.numSerie,
        tipoFactura: verifactuRecords.tipoFactura,
        bySubstitution: exists(db.select({ one: sql`1` }).from(invoiceSubstitutions).where(eq(invoiceSubstitutions.invoiceId, verifactuRecords.invoiceId))),
        issueDate: invoices.issueDate,
        businessName: businesses.name,
        generatedAt: verifactuRecords.generatedAt,
        state: verifactuSubmissions.state,
        attempts: verifactuSubmissions.attempts,
        lastError: verifactuSubmissions.lastError,
        errorCode: verifactuSubmissions.errorCode,
        errorDescription: verifactuSubmissions.errorDescription,
        answeredAt: verifactuSubmissions.answeredAt,
      })
      .from(verifactuRecords)
      .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
      .innerJoin(invoices, eq(invoices.id, verifactuRecords.invoiceId))
      .innerJoin(businesses, eq(businesses.id, invoices.businessId))
      .where(where)
      .orderBy(desc(verifactuRecords.createdAt), desc(verifactuRecords.sequence))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(verifactuSubmissions).where(where),
    db.select({ state: verifactuSubmissions.state, n: count() }).from(verifactuSubmissions).groupBy(verifactuSubmissions.state),
    db.select().from(verifactuQueueState).limit(1),
  ]);
  const counts = Object.fromEntries(verifactuSendStates.map((s) => [s, 0])) as Record<VerifactuSendState, number>;
  for (const r of byState) counts[r.state as VerifactuSendState] = Number(r.n);
  const nextAllowedSendAt = pace?.nextAllowedSendAt?.toISOString() ?? null;
  return {
    items: rows.map(({ tipoFactura, bySubstitution, ...r }) => ({
      ...r,
      kind: r.kind as VerifactuRecordKind,
      // What a registration registers: TipoFactura, and TipoRectificativa for an R1.
      invoiceType: r.kind === 'alta' ? (tipoFactura as InvoiceTypeCode) : null,
      rectificationType: r.kind === 'alta' && tipoFactura === 'R1' ? (bySubstitution ? ('S' as const) : ('I' as const)) : null,
      state: r.state as VerifactuSendState,
      answeredAt: r.answeredAt?.toISOString() ?? null,
      // With `off` nothing is ever sent, so a pending record has no next attempt to show.
      nextAttemptAt: r.state === 'pending' && driver !== 'off' ? nextAllowedSendAt : null,
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    counts,
    queue: { driver, nextAllowedSendAt, consecutiveFailures: pace?.consecutiveFailures ?? 0, lastError: pace?.lastError ?? null },
  };
}
