import { z } from 'zod';
import { invoiceTypes, invoicingDataFields, QUARTER_PATTERN, verifactuRecordKinds } from '../domain/invoices';
import { verifactuSendStates } from '../domain/verifactu-send-states';

/**
 * Commission invoices and VERI*FACTU records (ADR 061). Amounts are integer cents,
 * dates `YYYY-MM-DD` in Madrid.
 *
 * Owner (the business the signed-in user owns; 401 anonymous, 403 `no_business`):
 * GET  /api/business/invoices                     → invoiceListSchema (own invoices, newest first)
 * GET  /api/business/invoices/:id                 → invoiceDocumentSchema; 404 for another's
 * GET  /api/business/invoices/:id/html            → the printable page (?lang=en|es), links to its PDF
 * GET  /api/business/invoices/:id/pdf             → the PDF, as a download
 * POST /api/business/invoices/:id/rectify         → 201 rectifyInvoiceResultSchema: a rectifying invoice
 *      by substitution (R1, TipoRectificativa S) naming the business as its invoicing details say
 *      now; 404 for another's; 409 `invoice_already_cancelled` | `invoice_substituted` |
 *      `invoice_recipient_unchanged` | `invoicing_data_missing` | `invoice_nothing_to_rectify`
 * Admin (403 for everyone else):
 * GET  /api/admin/invoices                        → invoiceListSchema (every business; ?businessId=)
 * GET  /api/admin/invoices/:id                    → invoiceDocumentSchema
 * GET  /api/admin/invoices/:id/html | /pdf         → the page and the PDF, as for the owner
 * POST /api/admin/invoices/:id/cancel             body cancelInvoiceSchema → 200 invoiceDocumentSchema;
 *      409 `invoice_already_cancelled` | `invoice_has_rectifications` | `invoice_substituted` |
 *      `invoice_is_substitute`; audited (`invoice_cancelled`)
 * GET  /api/admin/invoices/missing-data           → missingInvoicingDataSchema (who cannot be invoiced)
 * GET  /api/admin/invoices/book/:quarter/csv      → the issued-invoices book (libro registro de
 *      facturas expedidas) of a quarter `YYYY-Qn`, CSV like the statements' (?lang=en|es)
 * GET  /api/admin/dac7/:year/csv                  → each business's consideration and fees per
 *      quarter of a year (DAC7, form 238), CSV (?lang=en|es)
 * GET  /api/admin/dac7/:year/missing              → dac7MissingSellerDataSchema (seller-details.ts):
 *      the year's sellers the report cannot describe in full, and the day it is due
 * GET  /api/admin/verifactu/records               → verifactuRecordsSchema: the chain, in order
 * GET  /api/admin/verifactu/submissions?state&page → verifactuSubmissionPageSchema: each record's
 *      way to the AEAT (state, attempts, next attempt, the AEAT's error), newest first, paged
 */

export const invoiceIdParamsSchema = z.object({ id: z.string().uuid() });
export const quarterParamsSchema = z.object({ quarter: z.string().regex(QUARTER_PATTERN) });
export const yearParamsSchema = z.object({ year: z.coerce.number().int().min(2000).max(2999) });
export const adminInvoiceListQuerySchema = z.object({ businessId: z.string().uuid().optional() });

const partySchema = z.object({ name: z.string(), taxId: z.string(), address: z.string() });

/** The same shape as `InvoiceDocument` (server/platform/verifactu/invoice-document.ts). */
export const invoiceDocumentSchema = z.object({
  id: z.string(),
  type: z.enum(invoiceTypes),
  series: z.string(),
  number: z.number().int(),
  fullNumber: z.string(),
  issueDate: z.string(),
  period: z.string(),
  issuer: partySchema,
  recipient: partySchema,
  lines: z.array(z.object({ description: z.string(), orderId: z.string().optional(), baseCents: z.number().int() })),
  baseCents: z.number().int(),
  vatRateBasisPoints: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  corrects: z.object({ fullNumber: z.string(), issueDate: z.string() }).optional(),
  substitutes: z
    .object({
      invoices: z.array(z.object({ fullNumber: z.string(), issueDate: z.string(), baseCents: z.number().int(), vatCents: z.number().int(), recipient: partySchema })),
      reason: z.literal('recipient'),
    })
    .optional(),
  substitutedBy: z.object({ fullNumber: z.string(), issueDate: z.string() }).optional(),
  cancelledAt: z.string().optional(),
});

export const invoiceSummarySchema = z.object({
  id: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  type: z.enum(invoiceTypes),
  fullNumber: z.string(),
  issueDate: z.string(),
  period: z.string(),
  totalCents: z.number().int(),
  correctsFullNumber: z.string().nullable(),
  /** An R1 by substitution (TipoRectificativa S), which replaces what it corrects whole; false for one by differences. */
  bySubstitution: z.boolean(),
  /** The rectifying invoice by substitution that replaced this one, if any. */
  substitutedByFullNumber: z.string().nullable(),
  /**
   * A live invoice (neither cancelled nor replaced) naming the business otherwise than its
   * invoicing details do now: the owner can have it corrected (POST …/rectify).
   */
  recipientOutdated: z.boolean(),
  cancelledAt: z.string().nullable(),
  /** The registration record's way to the AEAT (null: no record, which never happens once issued). */
  submissionState: z.enum(verifactuSendStates).nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSummarySchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const cancelInvoiceSchema = z.object({
  reason: z.string().trim().min(1, 'cancelReasonRequired').max(500, 'cancelReasonTooLong'),
});

export const missingInvoicingDataSchema = z.object({
  businesses: z.array(z.object({ id: z.string(), name: z.string(), missing: z.array(z.enum(invoicingDataFields)) })),
});
export type MissingInvoicingData = z.infer<typeof missingInvoicingDataSchema>;

/** One record as anyone can recompute its fingerprint: the fields under the AEAT's names, without `Huella`. */
export const verifactuRecordExportSchema = z.object({
  kind: z.enum(verifactuRecordKinds),
  fields: z.record(z.string(), z.string()),
  previousFingerprint: z.string(),
  fingerprint: z.string(),
  invoiceId: z.string(),
});
export type VerifactuRecordExport = z.infer<typeof verifactuRecordExportSchema>;
export const verifactuRecordsSchema = z.array(verifactuRecordExportSchema);

/** The sending queue's filter: one stored state, or every record when absent (or empty). */
export const verifactuSubmissionQuerySchema = z.object({
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(verifactuSendStates).optional()),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** One billing record as the admin follows it to the AEAT (ADR 062). Times are ISO instants. */
export const verifactuSubmissionSchema = z.object({
  recordId: z.string(),
  kind: z.enum(verifactuRecordKinds),
  /** Its place in the issuer's chain (1 = the first record). */
  sequence: z.number().int(),
  invoiceId: z.string(),
  /** NumSerieFactura of the invoice registered or cancelled. */
  fullNumber: z.string(),
  /** A registration's TipoFactura; null for a cancellation. */
  invoiceType: z.enum(invoiceTypes).nullable(),
  /** An R1's TipoRectificativa: `S` by substitution, `I` by differences; null otherwise. */
  rectificationType: z.enum(['I', 'S']).nullable(),
  /** The invoice's issue date, `YYYY-MM-DD`. */
  issueDate: z.string(),
  businessName: z.string(),
  /** FechaHoraHusoGenRegistro, as chained (ISO 8601 with Madrid's offset). */
  generatedAt: z.string(),
  state: z.enum(verifactuSendStates),
  /** Requests for it that got no answer (network, timeout, HTTP or server error). */
  attempts: z.number().int(),
  /** The last such request's error; kept after a later answer, for the history. */
  lastError: z.string().nullable(),
  /** The AEAT's CodigoErrorRegistro (or `regalo:invalid` for a record set aside before sending). */
  errorCode: z.string().nullable(),
  errorDescription: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /**
   * Pending records only: the earliest moment the queue sends again (the AEAT's wait or the
   * back-off); null while pending means at the sending job's next run.
   */
  nextAttemptAt: z.string().nullable(),
});
export type VerifactuSubmission = z.infer<typeof verifactuSubmissionSchema>;

export const verifactuSubmissionPageSchema = z.object({
  items: z.array(verifactuSubmissionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many records are in each state, whatever the filter. */
  counts: z.object({ pending: z.number().int(), accepted: z.number().int(), accepted_with_errors: z.number().int(), rejected: z.number().int() }),
  /** The queue as a whole: whether a sending driver is configured, and its pace. */
  queue: z.object({
    driver: z.enum(['off', 'aeat-test', 'aeat']),
    nextAllowedSendAt: z.string().nullable(),
    consecutiveFailures: z.number().int(),
    lastError: z.string().nullable(),
  }),
});
export type VerifactuSubmissionPage = z.infer<typeof verifactuSubmissionPageSchema>;

/** The codes the invoice endpoints answer with besides the common ones (translated in the web app). */
export const invoiceErrorCodes = [
  'invoice_not_found',
  'invoice_already_cancelled',
  'invoice_has_rectifications',
  'invoice_substituted',
  'invoice_is_substitute',
  'invoice_recipient_unchanged',
  'invoicing_data_missing',
  'invoice_nothing_to_rectify',
] as const;

/** The rectifying invoice a correction of the recipient's data issued. */
export const rectifyInvoiceResultSchema = z.object({ id: z.string(), fullNumber: z.string() });
export type RectifyInvoiceResult = z.infer<typeof rectifyInvoiceResultSchema>;
