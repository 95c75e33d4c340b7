import { z } from 'zod';
import { transferStates } from '../domain/payouts';
import { adminAuditActions, adminAuditTargets } from '../domain/admin-audit';
import { isCalendarDate } from '../domain/analytics';
import { LOCALES } from '../locale';
import { multiLine, plainTextFieldErrors } from './plain-text';
import {
  applicationKinds,
  applicationStatuses,
  businessCategories,
  businessTypes,
  documentTypes,
  verificationStatuses,
} from '../domain/business';
import { orderStatuses } from '../domain/order-status';
import { giftMovementKinds, giftValueKinds } from '../domain/gift-movements';

/**
 * The platform team's back-office (/admin). Every endpoint below answers 401
 * `unauthenticated` to anonymous callers and 403 `forbidden` to any signed-in user whose
 * role is not `admin` (owners and consumers alike), and changes nothing for them. Every
 * change writes one `admin_audit_log` row in the same transaction.
 *
 * GET   /api/admin/overview                         → adminOverviewSchema
 * GET   /api/admin/applications                     → applicationQueueSchema (pending, oldest first)
 * POST  /api/admin/businesses/:id/approve           body approveBodySchema → adminBusinessDetailSchema
 *       409 `application_not_pending` when the business has no open application
 * POST  /api/admin/businesses/:id/reject            body rejectBodySchema → adminBusinessDetailSchema (409 as above)
 * GET   /api/admin/businesses?q&status&category     → adminBusinessListSchema
 * GET   /api/admin/businesses/:id                   → adminBusinessDetailSchema
 * PATCH /api/admin/businesses/:id/commission        body commissionBodySchema → adminBusinessDetailSchema
 *       (future orders only: each order keeps the rate it was paid with)
 * POST  /api/admin/businesses/:id/deactivate        body reasonBodySchema → adminBusinessDetailSchema
 * POST  /api/admin/businesses/:id/reactivate        body reasonBodySchema → adminBusinessDetailSchema
 *       409 `business_not_approved` (only an approved business can be reactivated)
 * GET   /api/admin/businesses/:id/documents/:type/view  the document inline for the sandboxed
 *       viewer (Content-Security-Policy: sandbox), 404 when missing
 * GET   /api/admin/orders?code&recipient&buyer&business&status&from&to&page → adminOrderPageSchema
 * POST  /api/admin/orders/:id/extend-expiry         body extendExpiryBodySchema → adminOrderSchema
 *       409 `order_not_extendable` (not paid/expired), 400 fields.expiresOn `notLater`
 * POST  /api/admin/orders/:id/cancel                body cancelOrderBodySchema → adminOrderSchema
 *       paid/expired → refunded through the payment provider and cancelled; unpaid → cancelled.
 *       409 `order_not_cancellable` (redeemed or already cancelled), 409 `order_not_refundable`
 *       (no payment the current provider can refund), 502 `refund_failed` (nothing changed)
 * GET   /api/admin/audit?action&targetType&targetId&actor&page → adminAuditPageSchema
 */

export const ADMIN_PAGE_SIZE = 25;
export const REASON_MAX = 1000;

export const adminFieldErrors = {
  required: 'required',
  tooLong: 'tooLong',
  invalidRate: 'invalidRate',
  invalidDate: 'invalidDate',
  notLater: 'notLater',
  invalid: 'invalid',
  controlCharacterInText: plainTextFieldErrors.controlCharacterInText,
} as const;
const E = adminFieldErrors;

export const adminErrorCodes = [
  'application_not_pending',
  'business_not_approved',
  'order_not_extendable',
  'order_not_cancellable',
  'order_not_refundable',
  'refund_failed',
  'business_not_found',
  'order_not_found',
] as const;

const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);
const calendarDate = z.string({ error: E.invalidDate }).refine((v) => isCalendarDate(v), { error: E.invalidDate });
const searchText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
  z.string().max(200, { error: E.tooLong }).optional(),
);
const page = z.coerce.number({ error: E.invalid }).int({ error: E.invalid }).min(1, { error: E.invalid }).max(10_000, { error: E.invalid }).default(1);

// Reasons are mailed to the business: line breaks are kept, other control characters refused.
const requiredReason = multiLine(z.string({ error: E.required }).trim().min(1, { error: E.required }).max(REASON_MAX, { error: E.tooLong }));
const optionalReason = multiLine(z.string().trim().max(REASON_MAX, { error: E.tooLong }))
  .optional()
  .transform((v) => (v ? v : null));

/** A percentage 0–100 with at most two decimals (the column is numeric(5,2)). */
export const commissionRateSchema = z
  .number({ error: E.invalidRate })
  .min(0, { error: E.invalidRate })
  .max(100, { error: E.invalidRate })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, { error: E.invalidRate });

export const idParamsSchema = z.object({ id: z.uuid({ error: 'not_found' }) });
export const documentViewParamsSchema = z.object({ id: z.uuid(), type: z.enum(documentTypes) });

export const approveBodySchema = z.object({ commissionRate: commissionRateSchema, notes: optionalReason });
export const rejectBodySchema = z.object({ reason: requiredReason });
export const commissionBodySchema = z.object({ commissionRate: commissionRateSchema, reason: optionalReason });
export const reasonBodySchema = z.object({ reason: optionalReason });
export const extendExpiryBodySchema = z.object({ expiresOn: calendarDate, reason: requiredReason });
export const cancelOrderBodySchema = z.object({ reason: requiredReason });
export type ApproveBody = z.input<typeof approveBodySchema>;

// ---------------------------------------------------------------------------------------

/** Cents; gross = commission + commissionVat + net (ADR 053). */
const money = z.object({ orders: z.number().int(), gross: z.number().int(), commission: z.number().int(), commissionVat: z.number().int(), net: z.number().int() });
export const adminOverviewSchema = z.object({
  pendingApplications: z.number().int(),
  /** When the oldest open application was submitted (its age is now minus this). */
  oldestPendingSubmittedAt: z.string().nullable(),
  /** Whole days the oldest open application has waited (server clock); null when none waits. */
  oldestPendingDays: z.number().int().nullable(),
  activeBusinesses: z.number().int(),
  /** Calendar months in Europe/Madrid, by payment time; cents. */
  thisMonth: money.extend({ month: z.string() }),
  lastMonth: money.extend({ month: z.string() }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const adminDocumentSchema = z.object({
  type: z.enum(documentTypes),
  fileName: z.string(),
  uploadedAt: z.string(),
  /** `pdf`, `jpg` or `png` — what the viewer shows it as. */
  format: z.string(),
  viewUrl: z.string(),
  downloadUrl: z.string(),
});

export const adminApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  kind: z.enum(applicationKinds),
  changedFields: z.array(z.string()),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewerEmail: z.string().nullable(),
  reviewNotes: z.string().nullable(),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

const owner = z.object({ id: z.string(), name: z.string(), email: z.string(), locale: z.enum(LOCALES) }).nullable();

export const adminBusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  businessType: z.enum(businessTypes),
  category: z.enum(businessCategories),
  address: z.string(),
  city: z.string(),
  taxId: z.string(),
  /** Which kind of Spanish tax id it is by its check characters; null = not valid for this business type. */
  taxIdKind: z.enum(['nif', 'nie', 'cif']).nullable(),
  businessRegistrationNumber: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  verificationStatus: z.enum(verificationStatuses),
  rejectionReason: z.string().nullable(),
  isActive: z.boolean(),
  /** The rate the owner accepted: orders are priced with it (ADR 065). */
  commissionRate: z.number(),
  /** A different rate the team proposed, waiting for the owner's acceptance; null when none. */
  proposedCommissionRate: z.number().nullable(),
  commissionProposedAt: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  createdAt: z.string(),
  owner,
  documents: z.array(adminDocumentSchema),
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;

export const applicationQueueItemSchema = z.object({
  application: adminApplicationSchema,
  business: adminBusinessSchema,
  /** Earlier applications of the same business, newest first. */
  history: z.array(adminApplicationSchema),
});
export const applicationQueueSchema = z.object({
  items: z.array(applicationQueueItemSchema),
  /** The rate the approval form proposes (DEFAULT_COMMISSION_RATE). */
  defaultCommissionRate: z.number(),
});
export type ApplicationQueue = z.infer<typeof applicationQueueSchema>;

export const businessListQuerySchema = z.object({
  q: searchText,
  status: z.preprocess(emptyAsAbsent, z.enum([...verificationStatuses, 'inactive'], { error: E.invalid }).optional()),
  category: z.preprocess(emptyAsAbsent, z.enum(businessCategories, { error: E.invalid }).optional()),
  page,
});
export type BusinessListQuery = z.input<typeof businessListQuerySchema>;

export const adminBusinessListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(businessCategories),
  verificationStatus: z.enum(verificationStatuses),
  isActive: z.boolean(),
  commissionRate: z.number(),
  ownerEmail: z.string().nullable(),
  createdAt: z.string(),
});
export const adminBusinessListSchema = z.object({ items: z.array(adminBusinessListItemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminBusinessList = z.infer<typeof adminBusinessListSchema>;

export const adminOrderSchema = z.object({
  id: z.string(),
  /** Last 8 characters of the redemption code (the whole code is the recipient's secret). */
  codeSuffix: z.string(),
  /** Effective status: a paid order past its expiry shows as expired. */
  status: z.enum(orderStatuses),
  businessId: z.string(),
  businessName: z.string(),
  giftName: z.string(),
  buyerEmail: z.string().nullable(),
  recipientName: z.string(),
  recipientEmail: z.string().nullable(),
  totalAmount: z.number().int(),
  commissionRate: z.number().nullable(),
  commissionAmount: z.number().int().nullable(),
  /** IVA on the commission (ADR 053); null until paid. commission + VAT + net = total. */
  commissionVatAmount: z.number().int().nullable(),
  netAmount: z.number().int().nullable(),
  /** The state of the order's one transfer to the business (ADR 053); null before payment. */
  transferState: z.enum(transferStates).nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  expiresAt: z.string(),
  /** `card`: a gift card, whose movements the team reads and whose uses it may undo (ADR 104). */
  valueKind: z.enum(giftValueKinds),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/**
 * GET /api/admin/orders/:id/movements → a gift's value movement by movement (ADR 096, 104):
 * its issue, each use (and who undid it, why), refunds, expiries; and what is left. 404
 * `not_found` for an unknown order; admins only.
 */
export const adminGiftMovementsSchema = z.object({
  orderId: z.string(),
  valueKind: z.enum(giftValueKinds),
  balanceCents: z.number().int(),
  movements: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(giftMovementKinds),
      amountCents: z.number().int(),
      at: z.string(),
      /** The use an undo gave back. */
      reversesMovementId: z.string().nullable(),
      /** For a use: its record, the id `POST /api/admin/card-uses/:id/undo` takes. */
      useId: z.string().nullable(),
      /** For an undo: why, and whether the business or the team did it. */
      undo: z.object({ reason: z.string(), undoneAs: z.enum(['business', 'team']) }).nullable(),
    }),
  ),
});
export type AdminGiftMovements = z.infer<typeof adminGiftMovementsSchema>;

export const orderSearchQuerySchema = z.object({
  code: searchText,
  recipient: searchText,
  buyer: searchText,
  business: searchText,
  status: z.preprocess(emptyAsAbsent, z.enum(orderStatuses, { error: E.invalid }).optional()),
  from: z.preprocess(emptyAsAbsent, calendarDate.optional()),
  to: z.preprocess(emptyAsAbsent, calendarDate.optional()),
  page,
});
export type OrderSearchQuery = z.input<typeof orderSearchQuerySchema>;
export const adminOrderPageSchema = z.object({ items: z.array(adminOrderSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

export const adminGiftSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().int(),
  isAvailable: z.boolean(),
  archived: z.boolean(),
});
export const adminBusinessDetailSchema = z.object({
  business: adminBusinessSchema,
  applications: z.array(adminApplicationSchema),
  gifts: z.array(adminGiftSchema),
  /** The newest orders (at most ADMIN_PAGE_SIZE); search the orders screen for more. */
  orders: z.array(adminOrderSchema),
});
export type AdminBusinessDetail = z.infer<typeof adminBusinessDetailSchema>;

export const auditQuerySchema = z.object({
  action: z.preprocess(emptyAsAbsent, z.enum(adminAuditActions, { error: E.invalid }).optional()),
  targetType: z.preprocess(emptyAsAbsent, z.enum(adminAuditTargets, { error: E.invalid }).optional()),
  targetId: searchText,
  actor: searchText,
  page,
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.enum(adminAuditActions),
  targetType: z.enum(adminAuditTargets),
  targetId: z.string(),
  /** The target in words (a business's name; an order's gift, recipient and business; a person's name and email); null when it is gone. */
  targetLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditPageSchema = z.object({ items: z.array(adminAuditEntrySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

export function adminDocumentViewUrl(businessId: string, type: string): string {
  return `/api/admin/businesses/${businessId}/documents/${type}/view`;
}
