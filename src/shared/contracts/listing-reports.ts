import { z } from 'zod';
import { isValidEmail } from '../domain/contact';
import { REPORT_LIMITS, reportCategories, reportDecisions, reportStatuses, reportTargets } from '../domain/listing-reports';
import { LOCALES } from '../locale';
import { multiLine, plainTextFieldErrors, singleLine } from './plain-text';

/**
 * Reporting a listing (DSA arts. 16-17, ADR 059).
 *
 * POST /api/reports   body createReportInputSchema → 201 reportReceiptSchema
 *      Anyone, signed in or not (rate-limited per address: 429 `rate_limited`). The target must
 *      be a gift or business a giver can see (404 `report_target_not_found` otherwise). With an
 *      email, an acknowledgement is sent to it.
 * Admin only (401 anonymous, 403 others):
 * GET  /api/admin/reports?status=open|hidden|kept → adminReportListSchema (oldest open first)
 * POST /api/admin/reports/:id/decision   body decideReportInputSchema → adminReportSchema
 *      `hide` takes the gift or the business out of the catalogue and mails its owner the
 *      statement of reasons; `keep` closes the report. Either tells a reporter who left an
 *      email, and writes an audit row. 404 `report_not_found`, 409 `report_already_decided`.
 */
export const reportErrorCodes = ['report_target_not_found', 'report_not_found', 'report_already_decided'] as const;

export const reportFieldErrors = {
  required: 'required',
  tooLong: 'too_long',
  invalidEmail: 'invalid_email',
  controlCharacter: plainTextFieldErrors.controlCharacter,
  controlCharacterInText: plainTextFieldErrors.controlCharacterInText,
} as const;

export const createReportInputSchema = z.object({
  targetType: z.enum(reportTargets),
  targetId: z.string().max(64),
  category: z.enum(reportCategories, { error: reportFieldErrors.required }),
  explanation: multiLine(
    z.string({ error: reportFieldErrors.required }).trim().min(1, reportFieldErrors.required).max(REPORT_LIMITS.explanation, reportFieldErrors.tooLong),
  ),
  email: singleLine(
    z
      .string()
      .trim()
      .max(REPORT_LIMITS.email, reportFieldErrors.tooLong)
      .refine((v) => v === '' || isValidEmail(v), reportFieldErrors.invalidEmail),
  )
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The language the acknowledgement is written in. */
  locale: z.enum(LOCALES).default('en'),
});
export type CreateReportInput = z.input<typeof createReportInputSchema>;

export const reportReceiptSchema = z.object({ id: z.string(), listing: z.string() });
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

export const adminReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(reportTargets),
  giftId: z.string().nullable(),
  giftName: z.string().nullable(),
  businessId: z.string(),
  businessName: z.string(),
  category: z.enum(reportCategories),
  explanation: z.string(),
  /** Whether the reporter left an address (the address itself stays out of the queue). */
  hasReporterEmail: z.boolean(),
  status: z.enum(reportStatuses),
  /** Whether the reported gift or business is hidden now (by this report or another). */
  isTargetHidden: z.boolean(),
  decisionReason: z.string().nullable(),
  decisionFacts: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportListSchema = z.object({ items: z.array(adminReportSchema) });

export const adminReportQuerySchema = z.object({ status: z.enum(reportStatuses).default('open') });
export const reportParamsSchema = z.object({ id: z.uuid({ error: 'not_found' }) });

export const decideReportInputSchema = z
  .object({
    decision: z.enum(reportDecisions),
    /** Why: told to the business (hide) and to the reporter. */
    reason: multiLine(z.string({ error: reportFieldErrors.required }).trim().min(1, reportFieldErrors.required).max(REPORT_LIMITS.reason, reportFieldErrors.tooLong)),
    /** The facts relied on: required to hide (DSA art. 17(3)(b)). */
    facts: multiLine(z.string().trim().max(REPORT_LIMITS.facts, reportFieldErrors.tooLong))
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'hide' && !v.facts) ctx.addIssue({ code: 'custom', path: ['facts'], message: reportFieldErrors.required });
  });
export type DecideReportInput = z.input<typeof decideReportInputSchema>;
