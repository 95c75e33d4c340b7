import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invoiceTypes, verifactuRecordKinds } from '@shared/domain/invoices';
import { verifactuSendStates } from '@shared/domain/verifactu-send-states';
import { users } from './auth';
import { businesses } from './businesses';
import { createdAt, id, sqlList, timestamptz, updatedAt } from './columns';
import { orders } from './orders';

/*
 * Commission invoices and VERI*FACTU records (ADR 061). Invoices, their lines, their
 * cancellations and the records are append-only: a trigger refuses UPDATE and DELETE, a
 * correction is a new row (a rectifying invoice, a cancellation record). Foreign keys
 * restrict, so deleting a business or an order can never take an issued invoice with it.
 */

/** One issued invoice, with the parties as they were on its issue date. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    /** `R2027` (full invoices) or `RR2027` (rectifying ones): a series per year and type. */
    series: text('series').notNull(),
    number: integer('number').notNull(),
    /** NumSerieFactura, e.g. `R2027-000001`. */
    fullNumber: text('full_number').notNull().unique(),
    /** The Madrid month whose commission this invoices, `YYYY-MM`. */
    period: text('period').notNull(),
    /** FechaExpedicionFactura as `YYYY-MM-DD` (Madrid). */
    issueDate: text('issue_date').notNull(),
    issuerName: text('issuer_name').notNull(),
    issuerTaxId: text('issuer_tax_id').notNull(),
    issuerAddress: text('issuer_address').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientTaxId: text('recipient_tax_id').notNull(),
    recipientAddress: text('recipient_address').notNull(),
    baseCents: integer('base_cents').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** An R1's corrected invoice: the unit's live full invoice or substitute (by differences), or the first it replaces (by substitution). */
    correctsInvoiceId: uuid('corrects_invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoices_type_check', sql`${t.type} in (${sqlList(invoiceTypes)})`),
    check('invoices_total_check', sql`${t.baseCents} + ${t.vatCents} = ${t.totalCents}`),
    check('invoices_number_check', sql`${t.number} > 0`),
    check('invoices_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('invoices_issue_date_check', sql`${t.issueDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    // A full invoice charges something; a rectifying one names what it corrects and changes something.
    check('invoices_f1_check', sql`${t.type} <> 'F1' or (${t.correctsInvoiceId} is null and ${t.baseCents} > 0)`),
    check('invoices_r1_check', sql`${t.type} <> 'R1' or (${t.correctsInvoiceId} is not null and ${t.baseCents} <> 0)`),
    check(
      'invoices_parties_check',
      sql`length(trim(${t.issuerName})) > 0 and length(trim(${t.issuerTaxId})) > 0 and length(trim(${t.issuerAddress})) > 0 and length(trim(${t.recipientName})) > 0 and length(trim(${t.recipientTaxId})) > 0 and length(trim(${t.recipientAddress})) > 0`,
    ),
    uniqueIndex('invoices_series_number_unique').on(t.series, t.number),
    index('invoices_business_period_idx').on(t.businessId, t.period),
    index('invoices_issue_date_idx').on(t.issueDate),
  ],
);

/** An invoice's lines: the commission of one order (or what changed on it, for an R1). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    baseCents: integer('base_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.position] }), index('invoice_lines_order_idx').on(t.orderId)],
);

/** An invoice issued by mistake, voided by a cancellation record (never deleted); one per invoice. */
export const invoiceCancellations = pgTable('invoice_cancellations', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  reason: text('reason').notNull(),
  actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorEmail: text('actor_email').notNull(),
  createdAt: createdAt(),
});

/**
 * A rectifying invoice by substitution (R1, TipoRectificativa S, RD 1619/2012 art. 15): one
 * row per invoice it replaces whole, e.g. to correct the recipient's data (ADR 061). An R1
 * with rows here is by substitution, one without is by differences. An invoice is replaced at
 * most once; a replaced invoice no longer counts (its lines are restated by the substitute).
 */
export const invoiceSubstitutions = pgTable(
  'invoice_substitutions',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    substitutedInvoiceId: uuid('substituted_invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.substitutedInvoiceId] }),
    uniqueIndex('invoice_substitutions_substituted_unique').on(t.substitutedInvoiceId),
    check('invoice_substitutions_not_itself_check', sql`${t.invoiceId} <> ${t.substitutedInvoiceId}`),
  ],
);

/**
 * The VERI*FACTU chain: one row per registration or cancellation record, in `sequence`
 * order per issuer. The columns hold the exact strings the fingerprint was computed over
 * (and that the sender puts in the XML), so it can be recomputed byte for byte. An insert
 * trigger refuses a record that does not extend its chain's last one.
 */
export const verifactuRecords = pgTable(
  'verifactu_records',
  {
    id: id(),
    issuerTaxId: text('issuer_tax_id').notNull(),
    sequence: integer('sequence').notNull(),
    kind: text('kind').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    /** IDEmisorFactura (alta) or IDEmisorFacturaAnulada (anulación). */
    idEmisor: text('id_emisor').notNull(),
    numSerie: text('num_serie').notNull(),
    /** `dd-mm-yyyy`. */
    fechaExpedicion: text('fecha_expedicion').notNull(),
    /** Alta only. */
    tipoFactura: text('tipo_factura'),
    cuotaTotal: text('cuota_total'),
    importeTotal: text('importe_total'),
    /** FechaHoraHusoGenRegistro, ISO 8601 with Madrid's offset. */
    generatedAt: text('generated_at').notNull(),
    /** NumeroInstalacion as it was when the record was generated (ADR 061). */
    installationNumber: text('installation_number').notNull(),
    /** The previous record's fingerprint; empty for the chain's first. */
    previousFingerprint: text('previous_fingerprint').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('verifactu_records_kind_check', sql`${t.kind} in (${sqlList(verifactuRecordKinds)})`),
    check('verifactu_records_sequence_check', sql`${t.sequence} > 0`),
    check(
      'verifactu_records_alta_check',
      sql`${t.kind} <> 'alta' or (${t.tipoFactura} is not null and ${t.cuotaTotal} is not null and ${t.importeTotal} is not null)`,
    ),
    check('verifactu_records_fingerprint_check', sql`${t.fingerprint} ~ '^[0-9A-F]{64}$'`),
    uniqueIndex('verifactu_records_chain_unique').on(t.issuerTaxId, t.sequence),
    // A fork (two records after the same one) is refused even if the trigger were bypassed.
    uniqueIndex('verifactu_records_previous_unique').on(t.issuerTaxId, t.previousFingerprint),
    uniqueIndex('verifactu_records_invoice_kind_unique').on(t.invoiceId, t.kind),
  ],
);

/**
 * Each record's way to the AEAT, for the sending queue (ADR 061, 062): its state, the failed
 * attempts and the last error of a request that got no answer, and the service's error code
 * and description for the record. Created with the record, in the same transaction; with the
 * queue's pace below, the only mutable part of invoicing.
 */
export const verifactuSubmissions = pgTable(
  'verifactu_submissions',
  {
    recordId: uuid('record_id')
      .primaryKey()
      .references(() => verifactuRecords.id, { onDelete: 'restrict' }),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    answeredAt: timestamptz('answered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('verifactu_submissions_state_check', sql`${t.state} in (${sqlList(verifactuSendStates)})`),
    index('verifactu_submissions_pending_idx').on(t.recordId).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * The sending queue's pace, shared by every server (one row, `id` = 'aeat'): no request
 * leaves before `next_allowed_send_at` (the AEAT's TiempoEsperaEnvio or the back-off).
 */
export const verifactuQueueState = pgTable('verifactu_queue_state', {
  id: text('id').primaryKey(),
  nextAllowedSendAt: timestamptz('next_allowed_send_at'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  lastError: text('last_error'),
  updatedAt: updatedAt(),
});
