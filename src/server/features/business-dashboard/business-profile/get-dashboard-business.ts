import { missingInvoicingData } from '@shared/domain/invoices';
import { missingDac7Fields } from '@shared/domain/dac7-seller';
import { and, count, eq, isNull } from 'drizzle-orm';
import { documentDownloadUrl } from '@shared/contracts/business-documents';
import type { DashboardBusiness } from '@shared/contracts/business-dashboard';
import type { BusinessCategory, BusinessType, VerificationStatus } from '@shared/domain/business';
import type { ValenciaDistrict } from '@shared/domain/valencia-districts';
import type { Executor } from '../../../db/client';
import { gifts } from '../../../db/schema/gifts';
import { orders } from '../../../db/schema/orders';
import { AppError } from '../../../platform/errors';
import { publicFileUrl } from '../../../platform/storage/public-files';
import { findOwnedBusiness } from '../../../domain/businesses/find-owned-business';
import { imageKeysFor } from '../../../platform/storage/image-keys';
import type { OwnedBusiness } from '../../../domain/businesses/owned-business';
import { visibleToBusiness } from '../../../domain/orders/visible-to-business';
import { pendingExtensionRequest } from '../../../domain/orders/pending-extension-request';

/** The 480 px variant behind an image_url we issued (the second key imageKeysFor lists). */
export function thumbnailUrlFor(imageUrl: string | null): string | null {
  const keys = imageKeysFor(imageUrl);
  return keys[1] ? publicFileUrl(keys[1]) : imageUrl;
}

export async function toDashboardBusiness(db: Executor, business: OwnedBusiness): Promise<DashboardBusiness> {
  const [[giftTotal], [orderTotal], [extensionRequests]] = await Promise.all([
    db
      .select({ n: count() })
      .from(gifts)
      .where(and(eq(gifts.businessId, business.id), isNull(gifts.archivedAt))),
    db.select({ n: count() }).from(orders).where(and(eq(orders.businessId, business.id), visibleToBusiness())),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.businessId, business.id), visibleToBusiness(), pendingExtensionRequest())),
  ]);
  return {
    id: business.id,
    slug: business.slug,
    name: business.name,
    district: (business.district as ValenciaDistrict | null) ?? null,
    latitude: business.latitude,
    longitude: business.longitude,
    category: business.category as BusinessCategory,
    description: business.description,
    ownLocale: business.ownLocale,
    descriptionTranslations: business.descriptionTranslations,
    openingHoursTranslations: business.openingHoursTranslations,
    address: business.address,
    city: business.city,
    phone: business.phone,
    email: business.email,
    website: business.website,
    whatsapp: business.whatsapp,
    bookingUrl: business.bookingUrl,
    openingHours: business.openingHours,
    businessType: business.businessType as BusinessType,
    taxId: business.taxId,
    businessRegistrationNumber: business.businessRegistrationNumber,
    legalName: business.legalName,
    fiscalAddress: business.fiscalAddress,
    invoicingDataMissing: missingInvoicingData(business),
    sellerDetails: {
      ownerFirstName: business.ownerFirstName,
      ownerLastName: business.ownerLastName,
      ownerBirthDate: business.ownerBirthDate,
      vatNumber: business.vatNumber,
      permanentEstablishments: business.permanentEstablishments,
      iban: business.iban,
      ibanHolder: business.ibanHolder,
    },
    dac7Missing: missingDac7Fields(business),
    imageUrl: business.imageUrl,
    thumbnailUrl: thumbnailUrlFor(business.imageUrl),
    verificationStatus: business.verificationStatus as VerificationStatus,
    rejectionReason: business.rejectionReason,
    isActive: business.isActive,
    commissionRate: Number(business.commissionRate),
    proposedCommissionRate: business.proposedCommissionRate === null ? null : Number(business.proposedCommissionRate),
    commissionProposedAt: business.commissionProposedAt?.toISOString() ?? null,
    orderMailDigest: business.orderMailDigest,
    termsAcceptedAt: business.termsAcceptedAt?.toISOString() ?? null,
    partnerTermsVersion: business.partnerTermsVersion,
    documents: business.verificationDocuments.map((d) => ({
      type: d.type,
      fileName: d.fileName,
      uploadedAt: d.uploadedAt,
      downloadUrl: documentDownloadUrl(business.id, d.type),
    })),
    totals: { gifts: giftTotal?.n ?? 0, orders: orderTotal?.n ?? 0, extensionRequests: extensionRequests?.n ?? 0 },
    createdAt: business.createdAt.toISOString(),
  };
}

/** GET /api/business/me: 404 rather than 403 without a business, so the web offers sign-up. */
export async function getDashboardBusiness(db: Executor, userId: string): Promise<DashboardBusiness> {
  const business = await findOwnedBusiness(db, userId);
  if (!business) throw new AppError('business_not_found', 404, 'Create your business first');
  return toDashboardBusiness(db, business);
}
