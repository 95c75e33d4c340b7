import { and, desc, eq } from 'drizzle-orm';
import { adminDocumentViewUrl, type AdminApplication, type AdminBusiness, type AdminOrder } from '@shared/contracts/admin';
import { documentDownloadUrl } from '@shared/contracts/business-documents';
import type { ApplicationKind, ApplicationStatus, BusinessCategory, BusinessType, VerificationStatus } from '@shared/domain/business';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';
import type { TransferState } from '@shared/domain/payouts';
import type { GiftValueKind } from '@shared/domain/gift-movements';
import { orderTransferState } from '../../money/transfers/order-transfer-state';
import { purchaserEmailColumn } from '../../domain/orders/find-purchaser';
import { classifyTaxId } from '@shared/domain/tax-id';
import { negotiateLocale } from '@shared/locale';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { businessApplications, businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { AppError } from '../../platform/errors';

/** Row → contract mapping shared by the admin use cases. */

export type BusinessRow = typeof businesses.$inferSelect;
type OwnerRow = { id: string; name: string; email: string; locale: string } | null;

export async function findBusinessForAdmin(db: Executor, id: string, lock = false) {
  const query = db.select().from(businesses).where(eq(businesses.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('business_not_found', 404, 'No such business');
  return row;
}

/**
 * Closes the business's open application with the team's decision and returns its id. A
 * conditional update, so when two admins decide at once only one wins; the other gets 409
 * `application_not_pending` and its transaction changes nothing.
 */
export async function closeOpenApplication(
  tx: Executor,
  businessId: string,
  decision: { status: 'approved' | 'rejected'; reviewerId: string | null; notes: string | null; now: Date },
): Promise<string> {
  const [closed] = await tx
    .update(businessApplications)
    .set({ applicationStatus: decision.status, reviewedAt: decision.now, reviewedBy: decision.reviewerId, reviewNotes: decision.notes })
    .where(and(eq(businessApplications.businessId, businessId), eq(businessApplications.applicationStatus, 'pending')))
    .returning({ id: businessApplications.id });
  if (!closed) throw AppError.conflict('application_not_pending', 'This business has no application waiting for review');
  return closed.id;
}

export async function findOwner(db: Executor, ownerId: string | null): Promise<OwnerRow> {
  if (!ownerId) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, ownerId));
  return row ?? null;
}

export function toAdminBusiness(row: BusinessRow, owner: OwnerRow): AdminBusiness {
  const businessType = row.businessType as BusinessType;
  return {
    id: row.id,
    name: row.name,
    businessType,
    category: row.category as BusinessCategory,
    address: row.address,
    city: row.city,
    taxId: row.taxId,
    taxIdKind: classifyTaxId(row.taxId, businessType),
    businessRegistrationNumber: row.businessRegistrationNumber,
    phone: row.phone,
    email: row.email,
    website: row.website,
    description: row.description,
    verificationStatus: row.verificationStatus as VerificationStatus,
    rejectionReason: row.rejectionReason,
    isActive: row.isActive,
    commissionRate: Number(row.commissionRate),
    proposedCommissionRate: row.proposedCommissionRate === null ? null : Number(row.proposedCommissionRate),
    commissionProposedAt: row.commissionProposedAt?.toISOString() ?? null,
    termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    owner: owner ? { ...owner, locale: negotiateLocale({ stored: owner.locale }) } : null,
    documents: row.verificationDocuments.map((d) => ({
      type: d.type,
      fileName: d.fileName,
      uploadedAt: d.uploadedAt,
      format: d.url.slice(d.url.lastIndexOf('.') + 1).toLowerCase(),
      viewUrl: adminDocumentViewUrl(row.id, d.type),
      downloadUrl: documentDownloadUrl(row.id, d.type),
    })),
  };
}

export const applicationColumns = {
  id: businessApplications.id,
  businessId: businessApplications.businessId,
  status: businessApplications.applicationStatus,
  kind: businessApplications.kind,
  changedFields: businessApplications.changedFields,
  submittedAt: businessApplications.submittedAt,
  reviewedAt: businessApplications.reviewedAt,
  reviewerEmail: users.email,
  reviewNotes: businessApplications.reviewNotes,
};

export type ApplicationRow = {
  id: string;
  businessId: string;
  status: string;
  kind: string;
  changedFields: string[];
  submittedAt: Date;
  reviewedAt: Date | null;
  reviewerEmail: string | null;
  reviewNotes: string | null;
};

export function toAdminApplication(row: ApplicationRow): AdminApplication {
  return {
    id: row.id,
    status: row.status as ApplicationStatus,
    kind: row.kind as ApplicationKind,
    changedFields: row.changedFields,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewerEmail: row.reviewerEmail,
    reviewNotes: row.reviewNotes,
  };
}

/** Every application of a business, newest first. */
export async function listApplications(db: Executor, businessId: string): Promise<ApplicationRow[]> {
  return db
    .select(applicationColumns)
    .from(businessApplications)
    .leftJoin(users, eq(users.id, businessApplications.reviewedBy))
    .where(eq(businessApplications.businessId, businessId))
    .orderBy(desc(businessApplications.submittedAt), desc(businessApplications.createdAt));
}

export const orderColumns = {
  id: orders.id,
  qrCode: orders.qrCode,
  status: orders.status,
  businessId: orders.businessId,
  businessName: businesses.name,
  giftName: gifts.name,
  // A guest's purchase (ADR 075) names its buyer on the checkout.
  buyerEmail: purchaserEmailColumn(orders),
  recipientName: orders.recipientName,
  recipientEmail: orders.recipientEmail,
  totalAmount: orders.totalAmount,
  commissionRate: orders.commissionRate,
  commissionAmount: orders.commissionAmount,
  commissionVatAmount: orders.commissionVatAmount,
  netAmount: orders.netAmount,
  transferState: orderTransferState,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  redeemedAt: orders.redeemedAt,
  cancelledAt: orders.cancelledAt,
  cancelReason: orders.cancelReason,
  expiresAt: orders.expiresAt,
  valueKind: orders.valueKind,
};

type OrderRow = {
  id: string;
  qrCode: string;
  status: string;
  businessId: string;
  businessName: string;
  giftName: string;
  buyerEmail: string | null;
  recipientName: string;
  recipientEmail: string | null;
  totalAmount: number;
  commissionRate: number | string | null;
  commissionAmount: number | null;
  commissionVatAmount: number | null;
  netAmount: number | null;
  transferState: string | null;
  createdAt: Date;
  paidAt: Date | null;
  redeemedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  expiresAt: Date;
  valueKind: string;
};

export const CODE_SUFFIX_LENGTH = 8;

export function toAdminOrder(row: OrderRow, now: Date): AdminOrder {
  return {
    id: row.id,
    codeSuffix: row.qrCode.slice(-CODE_SUFFIX_LENGTH),
    status: effectiveOrderStatus(row.status as OrderStatus, row.expiresAt, now),
    businessId: row.businessId,
    businessName: row.businessName,
    giftName: row.giftName,
    buyerEmail: row.buyerEmail,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    totalAmount: row.totalAmount,
    commissionRate: row.commissionRate === null ? null : Number(row.commissionRate),
    commissionAmount: row.commissionAmount,
    commissionVatAmount: row.commissionVatAmount,
    netAmount: row.netAmount,
    transferState: row.transferState as TransferState | null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    expiresAt: row.expiresAt.toISOString(),
    valueKind: row.valueKind as GiftValueKind,
  };
}

/** The orders query with the joins the admin views need. */
export function selectAdminOrders(db: Executor) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(gifts, eq(gifts.id, orders.giftId));
}
