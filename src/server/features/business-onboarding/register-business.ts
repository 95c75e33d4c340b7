import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RegistrationResult, RegistrationValues } from '@shared/contracts/business-onboarding';
import { PARTNER_TERMS_VERSION } from '@shared/domain/legal-versions';
import { DEFAULT_COMMISSION_RATE, LISTING_CITY, type VerificationDocument } from '@shared/domain/business';
import { missingDocuments, requiredDocuments } from '@shared/domain/documents';
import { users } from '../../db/schema/auth';
import { businessApplications, businesses, businessSignupDrafts, commissionAcceptances } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage/storage';
import {
  deleteDocumentObject,
  listTempDocuments,
  newDocumentKey,
  tempDocumentsPrefix,
} from '../../domain/documents/document-files';
import { findOwnedBusiness } from '../../domain/businesses/find-owned-business';
import { isUniqueViolation } from '../../db/unique-violation';
import { canSignInAgain } from './set-password';

async function copyObject(storage: Storage, from: string, to: string): Promise<void> {
  const object = await storage.get(from);
  if (!object) throw new AppError('documents_missing', 400, 'An uploaded document disappeared; upload it again');
  await storage.put(to, object.body, { contentType: object.contentType });
}

/**
 * The wizard's submit. Creates the business (pending, inactive, in Valencia, terms accepted
 * now, default commission) and its pending application in ONE transaction, adopting the
 * user's temporary documents.
 *
 * Files and rows cannot share a transaction, so the order is chosen to never lose a file:
 * copy each temp document under the new business id → commit → delete the temp copies.
 * If the commit fails the copies are deleted and the temp files are still there to retry;
 * if deleting temp files fails afterwards, the orphan clean-up removes them within 24 h.
 */
export async function registerBusiness(
  ctx: Pick<AppContext, 'db' | 'storage' | 'now' | 'config'>,
  userId: string,
  input: RegistrationValues,
): Promise<RegistrationResult> {
  if (await findOwnedBusiness(ctx.db, userId)) throw new AppError('business_exists', 409, 'You already have a business');
  if (!input.commissionAccepted) {
    throw new AppError('commission_required', 400, 'The commission agreement must be accepted');
  }
  if (!(await canSignInAgain(ctx.db, userId))) {
    throw new AppError('password_required', 400, 'Create a password first: without one you could not sign in again');
  }

  const temp = await listTempDocuments(ctx.storage, userId);
  const missing = missingDocuments(input.businessType, temp.map((d) => d.type));
  if (missing.length > 0) {
    throw new AppError(
      'documents_missing',
      400,
      `Upload these documents first: ${missing.join(', ')}`,
      Object.fromEntries(missing.map((t) => [t, 'documentRequired'])),
    );
  }

  const now = ctx.now();
  const businessId = randomUUID();
  const required = new Set(requiredDocuments(input.businessType));
  const adopted: { from: string; document: VerificationDocument }[] = temp
    .filter((d) => required.has(d.type))
    .map((d) => {
      const ext = d.url.slice(d.url.lastIndexOf('.') + 1);
      const at = new Date(Date.parse(d.uploadedAt) || now.getTime());
      return {
        from: d.url,
        document: { type: d.type, fileName: d.fileName, url: newDocumentKey(businessId, d.type, at, ext), uploadedAt: d.uploadedAt },
      };
    });

  const copied: string[] = [];
  try {
    for (const { from, document } of adopted) {
      await copyObject(ctx.storage, from, document.url);
      copied.push(document.url);
    }
    await ctx.db.transaction(async (tx) => {
      await tx.insert(businesses).values({
        id: businessId,
        ownerId: userId,
        name: input.businessName,
        businessType: input.businessType,
        category: input.category,
        address: input.address,
        city: LISTING_CITY,
        taxId: input.taxId,
        // What the commission invoices and the district filter need (ADR 061), asked up front.
        legalName: input.legalName,
        fiscalAddress: input.fiscalAddress,
        district: input.district,
        phone: input.phone,
        // How recipients book, shown on the gift page from the first gift on (ADR 105).
        whatsapp: input.whatsapp,
        bookingUrl: input.bookingUrl,
        openingHours: input.openingHours,
        website: input.website,
        description: input.description,
        verificationDocuments: adopted.map((a) => a.document),
        termsAcceptedAt: now,
        // The agreement the wizard's third step links to, as it reads today (ADR 059).
        partnerTermsVersion: PARTNER_TERMS_VERSION,
        isActive: false,
        verificationStatus: 'pending',
        commissionRate: DEFAULT_COMMISSION_RATE,
        createdAt: now,
        updatedAt: now,
      });
      // The rate the wizard's third step showed and the owner accepted (ADR 065).
      await tx.insert(commissionAcceptances).values({
        businessId,
        commissionRate: DEFAULT_COMMISSION_RATE,
        partnerTermsVersion: PARTNER_TERMS_VERSION,
        acceptedBy: userId,
        source: 'signup',
        acceptedAt: now,
      });
      await tx.insert(businessApplications).values({
        businessId,
        applicationStatus: 'pending',
        submittedAt: now,
        createdAt: now,
      });
      // The wizard's draft has become the business (ADR 066).
      await tx.delete(businessSignupDrafts).where(eq(businessSignupDrafts.userId, userId));
      // Someone who came through /auth (or Google) becomes a business user by registering one.
      const [owner] = await tx
        .update(users)
        .set({ userType: 'business', isBusiness: true, businessName: input.businessName, updatedAt: now })
        .where(eq(users.id, userId))
        .returning({ email: users.email, name: users.name, locale: users.locale });
      // The receipt the wizard promises ("we will email you"), in the same transaction.
      if (owner) {
        await enqueueMail(tx, {
          to: owner.email,
          template: 'business-registration-received',
          locale: toMailLocale(owner.locale) ?? 'en',
          data: { name: owner.name, businessName: input.businessName, url: `${ctx.config.publicUrl}/business/dashboard` },
        });
      }
    });
  } catch (error) {
    for (const key of copied) await ctx.storage.delete(key).catch(() => undefined);
    if (isUniqueViolation(error)) throw new AppError('business_exists', 409, 'You already have a business');
    throw error;
  }

  for (const entry of await ctx.storage.list(tempDocumentsPrefix(userId))) {
    await deleteDocumentObject(ctx.storage, entry.key).catch(() => undefined);
  }

  return {
    businessId,
    verificationStatus: 'pending',
    commissionRate: DEFAULT_COMMISSION_RATE,
    documents: adopted.map(({ document }) => ({ type: document.type, fileName: document.fileName, uploadedAt: document.uploadedAt })),
  };
}
