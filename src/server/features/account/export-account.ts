import { desc, eq } from 'drizzle-orm';
import type { AccountExport } from '@shared/contracts/account';
import type { Database } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema/auth';
import { businessApplications, businesses, businessInterests, businessSignupDrafts } from '../../db/schema/businesses';
import { contacts } from '../../db/schema/contacts';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../platform/errors';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Everything Regalo holds about one user (GDPR access and portability), read in one
 * transaction so the parts agree. Secrets stay out: password hashes, OAuth tokens, session
 * tokens, and the redemption codes of sent gifts (those belong to the recipients).
 */
export async function exportAccount(db: Database, userId: string, now: Date): Promise<AccountExport> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw AppError.notFound('Account not found');
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
    const methods = await tx
      .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    const sessionRows = await tx
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    const contactRows = await tx
      .select({
        id: contacts.id,
        name: contacts.name,
        phone: contacts.phone,
        email: contacts.email,
        relationship: contacts.relationship,
        notes: contacts.notes,
        createdAt: contacts.createdAt,
      })
      .from(contacts)
      .where(eq(contacts.userId, userId))
      .orderBy(contacts.name);
    const orderRows = await tx
      .select({
        id: orders.id,
        status: orders.status,
        totalAmount: orders.totalAmount,
        currency: orders.currency,
        giftName: gifts.name,
        businessName: businesses.name,
        // An empty name with `in_person`: the giver hands the gift over and named nobody (ADR 103).
        handover: orders.handover,
        recipientName: orders.recipientName,
        recipientPhone: orders.recipientPhone,
        recipientEmail: orders.recipientEmail,
        personalMessage: orders.personalMessage,
        expiresAt: orders.expiresAt,
        paidAt: orders.paidAt,
        redeemedAt: orders.redeemedAt,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(gifts, eq(gifts.id, orders.giftId))
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .where(eq(orders.buyerId, userId))
      .orderBy(desc(orders.createdAt));
    const [business] = await tx
      .select({
        id: businesses.id,
        name: businesses.name,
        businessType: businesses.businessType,
        category: businesses.category,
        address: businesses.address,
        city: businesses.city,
        taxId: businesses.taxId,
        businessRegistrationNumber: businesses.businessRegistrationNumber,
        // DAC7's seller details (ADR 100): a sole trader's own names and date of birth, the account.
        ownerFirstName: businesses.ownerFirstName,
        ownerLastName: businesses.ownerLastName,
        ownerBirthDate: businesses.ownerBirthDate,
        vatNumber: businesses.vatNumber,
        permanentEstablishments: businesses.permanentEstablishments,
        iban: businesses.iban,
        ibanHolder: businesses.ibanHolder,
        phone: businesses.phone,
        email: businesses.email,
        website: businesses.website,
        whatsapp: businesses.whatsapp,
        bookingUrl: businesses.bookingUrl,
        openingHours: businesses.openingHours,
        description: businesses.description,
        verificationStatus: businesses.verificationStatus,
        termsAcceptedAt: businesses.termsAcceptedAt,
        commissionRate: businesses.commissionRate,
        imageUrl: businesses.imageUrl,
        verificationDocuments: businesses.verificationDocuments,
        createdAt: businesses.createdAt,
      })
      .from(businesses)
      .where(eq(businesses.ownerId, userId));
    const applicationRows = business
      ? await tx
          .select({
            applicationStatus: businessApplications.applicationStatus,
            submittedAt: businessApplications.submittedAt,
            reviewedAt: businessApplications.reviewedAt,
            reviewNotes: businessApplications.reviewNotes,
          })
          .from(businessApplications)
          .where(eq(businessApplications.businessId, business.id))
      : [];
    const [signupDraft] = await tx
      .select({ values: businessSignupDrafts.values, hadPhoto: businessSignupDrafts.hadPhoto, updatedAt: businessSignupDrafts.updatedAt })
      .from(businessSignupDrafts)
      .where(eq(businessSignupDrafts.userId, userId));
    // The interest record, without its token digest.
    const [interest] = await tx
      .select({
        businessName: businessInterests.businessName,
        email: businessInterests.email,
        isConfirmed: businessInterests.isConfirmed,
        expiresAt: businessInterests.expiresAt,
        confirmedAt: businessInterests.confirmedAt,
        createdAt: businessInterests.createdAt,
      })
      .from(businessInterests)
      .where(eq(businessInterests.userId, userId));

    return {
      exportedAt: now.toISOString(),
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        phone: user.phone,
        userType: user.userType,
        isBusiness: user.isBusiness,
        businessName: user.businessName,
        role: user.role,
        locale: user.locale,
        createdAt: user.createdAt.toISOString(),
      },
      signInMethods: methods.map((m) => ({ provider: m.provider, createdAt: m.createdAt.toISOString() })),
      sessions: sessionRows.map((s) => ({
        createdAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
      })),
      profile: profile
        ? { email: profile.email, fullName: profile.fullName, phone: profile.phone, avatarUrl: profile.avatarUrl }
        : null,
      contacts: contactRows.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
      orders: orderRows.map((o) => ({
        ...o,
        expiresAt: iso(o.expiresAt),
        paidAt: iso(o.paidAt),
        redeemedAt: iso(o.redeemedAt),
        createdAt: o.createdAt.toISOString(),
      })),
      business: business
        ? (() => {
            const { verificationDocuments, ...rest } = business;
            return {
              ...rest,
              termsAcceptedAt: iso(business.termsAcceptedAt),
              createdAt: business.createdAt.toISOString(),
              // The files themselves are too large for this JSON: each has its download link.
              documents: verificationDocuments.map((d) => ({
                type: d.type,
                fileName: d.fileName,
                uploadedAt: d.uploadedAt,
                downloadPath: `/api/business/documents/${business.id}/${d.type}/download`,
              })),
              applications: applicationRows.map((a) => ({
                ...a,
                submittedAt: a.submittedAt.toISOString(),
                reviewedAt: iso(a.reviewedAt),
              })),
            };
          })()
        : null,
      businessInterest: interest
        ? {
            ...interest,
            expiresAt: iso(interest.expiresAt),
            confirmedAt: iso(interest.confirmedAt),
            createdAt: interest.createdAt.toISOString(),
          }
        : null,
      businessSignupDraft: signupDraft ? { ...signupDraft, updatedAt: signupDraft.updatedAt.toISOString() } : null,
    };
  });
}
