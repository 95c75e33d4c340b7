import { madridLocalToInstant } from '@shared/domain/delivery-time';
import { addMonths, madridMonthOf } from '@shared/domain/statement-month';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { DocumentType, VerificationDocument } from '@shared/domain/business';
import type { Config } from '../../config';
import { THUMBNAIL_SIZE, variantKey } from '../../platform/storage/image-keys';
import { createStorage } from '../../platform/storage/create-storage';
import {
  businessImageKey,
  documentKey,
  giftImageKey,
  publicFileUrl,
} from '../../platform/storage/public-files';
import type { Storage } from '../../platform/storage/storage';
import {
  createBusiness,
  createBusinessApplication,
  createContact,
  createGift,
  createUser,
  type UserRow,
} from '../../testing/factories';
import type { Database, Executor } from '../client';
import { users } from '../schema/auth';
import { businesses } from '../schema/businesses';
import { gifts } from '../schema/gifts';
import {
  DEMO_PASSWORD,
  demoAdmin,
  demoApplicants,
  demoBookings,
  demoConsumer,
  demoOrders,
  demoOwnerBusiness,
  demoPartnerBusinesses,
  type DemoApplicant,
  type DemoBooking,
  type DemoBusiness,
  type DemoOrder,
} from './demo-data';
import { demoPdf } from './demo-documents';
import { renderBusinessImage, renderGiftImage, renderThumbnail } from './demo-images';
import { placeDemoOrder } from './place-demo-order';
import { transfers } from '../schema/payouts';
import { sendDueTransfers } from '../../money/transfers/send-due-transfers';
import { createTestPaymentProvider } from '../../platform/payments/test-provider';
import { PARTNER_TERMS_VERSION } from '@shared/domain/legal-versions';
import { addDays, localDateOf } from '@shared/domain/analytics';
import { bookingSessions } from '../schema/bookings';
import { orders } from '../schema/orders';
import { bookGiftTime } from '../../domain/bookings/book-gift-time';
import { findBookableGift } from '../../domain/bookings/bookable-gift';
import { slotKey } from '../../domain/bookings/claim-slot';
import { listFreeTimes } from '../../domain/bookings/list-free-times';

export interface SeedContext {
  db: Database;
  config: Config;
  /** Defaults to the storage config.storage describes. */
  storage?: Storage;
  /** The moment the demo's relative dates ("placed 3 days ago") count from. */
  now?: Date;
  /** The demo's purchases; defaults to all of them (a test may leave some out). */
  orders?: readonly DemoOrder[];
}

export type SeedSummary = Record<
  'users' | 'businesses' | 'gifts' | 'contacts' | 'orders' | 'applications' | 'files',
  number
>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Files for one new business, prepared (and stored) before the database transaction. */
interface PreparedBusiness {
  id: string;
  imageUrl: string;
  documents: VerificationDocument[];
  giftImages: Map<string, { id: string; imageUrl: string }>;
}

const requiredDocuments = (type: DemoBusiness['businessType']): DocumentType[] =>
  type === 'company'
    ? ['business_license', 'tax_registration', 'articles_incorporation']
    : ['business_license', 'tax_registration', 'id_document'];

/**
 * Loads the demo data (the accounts the README lists, ADR 020). Idempotent: every demo account is looked up by email
 * and whatever already exists is left alone, so a second run adds nothing. Images and
 * documents are written to storage first, then every row is inserted in one transaction,
 * so a failure leaves no half-loaded demo (at worst a few unreferenced files).
 */
export async function seedDemo(ctx: SeedContext): Promise<SeedSummary> {
  const now = ctx.now ?? new Date();
  const storage = ctx.storage ?? (await createStorage(ctx.config.storage));
  const summary: SeedSummary = { users: 0, businesses: 0, gifts: 0, contacts: 0, orders: 0, applications: 0, files: 0 };
  const daysAgo = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY_MS + minutes * 60_000);

  const listed = [demoOwnerBusiness, ...demoPartnerBusinesses];
  const allEmails = [
    demoAdmin.email,
    demoConsumer.email,
    ...listed.map((b) => b.ownerEmail),
    ...demoApplicants.map((a) => a.ownerEmail),
  ];
  const existing = new Set(
    (await ctx.db.select({ email: users.email }).from(users).where(inArray(users.email, allEmails))).map(
      (u) => u.email,
    ),
  );

  const prepared = new Map<string, PreparedBusiness>();
  const putFile = async (key: string, body: Buffer, contentType: string) => {
    await storage.put(key, body, { contentType });
    summary.files += 1;
  };
  // Uploaded images come with a card-sized variant next to them; the dashboard and lists
  // link to it, so demo images need one too.
  const putImage = async (key: string, image: Buffer) => {
    await putFile(key, image, 'image/webp');
    await putFile(variantKey(key, THUMBNAIL_SIZE), await renderThumbnail(image, THUMBNAIL_SIZE), 'image/webp');
  };
  const prepareDocuments = async (businessId: string, name: string, type: DemoBusiness['businessType'], at: Date) =>
    Promise.all(
      requiredDocuments(type).map(async (docType, i) => {
        const timestamp = at.getTime() + i * 1000;
        const key = documentKey(businessId, docType, timestamp, 'pdf');
        await putFile(key, demoPdf(`${name}: ${docType.replaceAll('_', ' ')}`), 'application/pdf');
        return { type: docType, fileName: `${docType}.pdf`, url: key, uploadedAt: new Date(timestamp).toISOString() };
      }),
    );

  for (const business of listed.filter((b) => !existing.has(b.ownerEmail))) {
    const id = randomUUID();
    const image = await renderBusinessImage(business.name, business.category);
    const imageKey = businessImageKey(id, image);
    const giftImages = new Map<string, { id: string; imageUrl: string }>();
    const [documents] = await Promise.all([
      prepareDocuments(id, business.name, business.businessType, daysAgo(business.joinedDaysAgo + 3)),
      putImage(imageKey, image),
      ...business.gifts.map(async (gift) => {
        const giftId = randomUUID();
        const picture = await renderGiftImage(gift.name, business.category, business.name);
        const key = giftImageKey(giftId, picture);
        await putImage(key, picture);
        giftImages.set(gift.name, { id: giftId, imageUrl: publicFileUrl(key) });
      }),
    ]);
    prepared.set(business.ownerEmail, { id, imageUrl: publicFileUrl(imageKey), documents, giftImages });
  }
  const applicantDocuments = new Map<string, { id: string; documents: VerificationDocument[] }>();
  for (const applicant of demoApplicants.filter((a) => !existing.has(a.ownerEmail))) {
    const id = randomUUID();
    const at = daysAgo(applicant.appliedDaysAgo, 10);
    applicantDocuments.set(applicant.ownerEmail, {
      id,
      documents: await prepareDocuments(id, applicant.name, applicant.businessType, at),
    });
  }

  await ctx.db.transaction(async (tx) => {
    const admin = existing.has(demoAdmin.email)
      ? await findUser(tx, demoAdmin.email)
      : await addUser(tx, summary, {
          email: demoAdmin.email,
          name: demoAdmin.name,
          role: 'admin',
          createdAt: daysAgo(400),
        });

    for (const business of listed) {
      const files = prepared.get(business.ownerEmail);
      if (!files) continue;
      const joined = daysAgo(business.joinedDaysAgo);
      const owner = await addUser(tx, summary, {
        email: business.ownerEmail,
        name: business.ownerName,
        userType: 'business',
        businessName: business.name,
        locale: 'es',
        phone: business.phone,
        createdAt: daysAgo(business.joinedDaysAgo + 4),
      });
      await createBusiness(tx, {
        id: files.id,
        ownerId: owner.id,
        name: business.name,
        businessType: business.businessType,
        category: business.category,
        address: business.address,
        district: business.district,
        coordinates: business.coordinates,
        legalName: business.legalName ?? null,
        fiscalAddress: business.fiscalAddress ?? null,
        phone: business.phone,
        email: business.email,
        website: business.website ?? null,
        whatsapp: business.whatsapp ?? null,
        bookingUrl: business.bookingUrl ?? null,
        openingHours: business.openingHours ?? null,
        openingHoursTranslations: business.openingHoursTranslations ?? {},
        description: business.description,
        imageUrl: files.imageUrl,
        verificationDocuments: files.documents,
        termsAcceptedAt: daysAgo(business.joinedDaysAgo + 3),
        partnerTermsVersion: PARTNER_TERMS_VERSION,
        verificationStatus: 'approved',
        isActive: true,
        commissionRate: business.commissionRate,
        createdAt: daysAgo(business.joinedDaysAgo + 3),
        // Connected with the test provider when it joined; one left its onboarding unfinished.
        payoutAccount: { detailsSubmitted: !business.payoutOnboardingIncomplete, createdAt: joined },
      });
      summary.businesses += 1;
      await createBusinessApplication(tx, {
        businessId: files.id,
        applicationStatus: 'approved',
        submittedAt: daysAgo(business.joinedDaysAgo + 3),
        reviewedAt: joined,
        reviewedBy: admin.id,
        reviewNotes: 'Documentación revisada. ¡Bienvenidos a Regalo!',
      });
      summary.applications += 1;
      for (const [i, gift] of business.gifts.entries()) {
        await createGift(tx, {
          id: files.giftImages.get(gift.name)!.id,
          businessId: files.id,
          name: gift.name,
          description: gift.description,
          price: gift.price,
          ...(gift.card ? { card: gift.card } : {}),
          validityDays: gift.validityDays,
          isAvailable: gift.isAvailable ?? true,
          bookingRequired: gift.bookingRequired ?? false,
          partySize: gift.partySize ?? null,
          validWeekdays: gift.validWeekdays ?? null,
          conditions: gift.conditions ?? null,
          forTwo: gift.forTwo ?? false,
          nameTranslations: gift.nameTranslations ?? {},
          descriptionTranslations: gift.descriptionTranslations ?? {},
          imageUrl: files.giftImages.get(gift.name)!.imageUrl,
          createdAt: new Date(joined.getTime() + (i + 1) * 3_600_000),
        });
        summary.gifts += 1;
      }
    }

    for (const applicant of demoApplicants) {
      const files = applicantDocuments.get(applicant.ownerEmail);
      if (!files) continue;
      await addApplicant(tx, summary, applicant, files, admin, daysAgo);
    }

    if (!existing.has(demoConsumer.email)) {
      const consumer = await addUser(tx, summary, {
        email: demoConsumer.email,
        name: demoConsumer.name,
        phone: demoConsumer.phone,
        locale: 'es',
        createdAt: daysAgo(120),
      });
      const contactIds = new Map<string, string>();
      for (const [i, contact] of demoConsumer.contacts.entries()) {
        const row = await createContact(tx, { userId: consumer.id, ...contact, createdAt: daysAgo(110 - i * 5) });
        contactIds.set(contact.name, row.id);
        summary.contacts += 1;
      }
      for (const [i, order] of (ctx.orders ?? demoOrders).entries()) {
        const gift = await findDemoGift(tx, order.businessOwnerEmail, order.giftName);
        const contact = demoConsumer.contacts.find((c) => c.name === order.recipientContact)!;
        await placeDemoOrder(tx, ctx.config, {
          buyer: consumer,
          order,
          giftId: gift.id,
          contact: { id: contactIds.get(contact.name) ?? null, name: contact.name, phone: contact.phone, email: contact.email },
          placedAt: order.placedDaysAgo === 'mid-last-month' ? madridLocalToInstant(`${addMonths(madridMonthOf(now), -1)}-15`, '12:00')! : daysAgo(order.placedDaysAgo, 37),
          now,
          key: `demo-order-${String(i).padStart(4, '0')}-seed`,
        });
        summary.orders += 1;
      }
      // The transfers job as it would have run: each share sent when it fell due.
      await sendTransfersAsTheyFellDue(tx, now);
    }

    // The times businesses publish (ADR 105), only now: their gifts above were sold while they
    // took bookings by phone, and checkout, run at each order's own moment, sells a gift booked
    // online only with a time within 30 days of that moment, which a session dated from today
    // need not be. Then the bookings, made at the seed's own clock (not the real one), so a
    // demo seeded with another `now` still books times after it.
    for (const business of listed) {
      const files = prepared.get(business.ownerEmail);
      if (!files) continue;
      for (const session of business.bookingSessions ?? []) {
        await tx.insert(bookingSessions).values({
          businessId: files.id,
          kind: session.inDays === undefined ? 'weekly' : 'once',
          isoWeekday: session.inDays === undefined ? session.isoWeekday! : null,
          onDate: session.inDays === undefined ? null : addDays(localDateOf(now), session.inDays),
          startTime: session.startTime,
          lengthMinutes: session.lengthMinutes,
          places: session.places,
          giftIds: session.gifts ? session.gifts.map((name) => files.giftImages.get(name)!.id) : null,
          createdAt: daysAgo(1),
          updatedAt: daysAgo(1),
        });
      }
    }
    if (!existing.has(demoConsumer.email)) {
      for (const booking of demoBookings) await bookDemoGift(tx, ctx.config, booking, now);
    }
  });

  return summary;
}

async function addUser(
  tx: Executor,
  summary: SeedSummary,
  input: Parameters<typeof createUser>[1],
): Promise<UserRow> {
  summary.users += 1;
  // createUser hashes each distinct password once per process, so the demo's one password
  // costs one argon2id run however many accounts share it.
  return createUser(tx, { password: DEMO_PASSWORD, emailVerified: true, ...input });
}

async function findUser(tx: Executor, email: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`demo user ${email} vanished during the seed`);
  return row;
}

async function addApplicant(
  tx: Executor,
  summary: SeedSummary,
  applicant: DemoApplicant,
  files: { id: string; documents: VerificationDocument[] },
  admin: UserRow,
  daysAgo: (days: number, minutes?: number) => Date,
) {
  const applied = daysAgo(applicant.appliedDaysAgo, 10);
  const owner = await addUser(tx, summary, {
    email: applicant.ownerEmail,
    name: applicant.ownerName,
    userType: 'business',
    businessName: applicant.name,
    locale: 'es',
    phone: applicant.phone,
    createdAt: daysAgo(applicant.appliedDaysAgo),
  });
  const rejected = applicant.status === 'rejected';
  await createBusiness(tx, {
    id: files.id,
    ownerId: owner.id,
    name: applicant.name,
    businessType: applicant.businessType,
    category: applicant.category,
    address: applicant.address,
    district: applicant.district,
    coordinates: applicant.coordinates,
    phone: applicant.phone,
    description: applicant.description,
    verificationDocuments: files.documents,
    termsAcceptedAt: applied,
    partnerTermsVersion: PARTNER_TERMS_VERSION,
    verificationStatus: applicant.status,
    rejectionReason: rejected ? (applicant.rejectionReason ?? null) : null,
    isActive: false,
    createdAt: applied,
  });
  summary.businesses += 1;
  await createBusinessApplication(tx, {
    businessId: files.id,
    applicationStatus: applicant.status,
    submittedAt: applied,
    reviewedAt: rejected ? daysAgo(applicant.appliedDaysAgo - 2) : null,
    reviewedBy: rejected ? admin.id : null,
    reviewNotes: rejected ? (applicant.rejectionReason ?? null) : null,
  });
  summary.applications += 1;
}

async function findDemoGift(tx: Executor, ownerEmail: string, giftName: string) {
  const owner = await findUser(tx, ownerEmail);
  const [row] = await tx
    .select({ id: gifts.id })
    .from(gifts)
    .innerJoin(businesses, eq(businesses.id, gifts.businessId))
    .where(and(eq(businesses.ownerId, owner.id), eq(gifts.name, giftName)));
  // The business is there but not this gift: its gifts were renamed since, by hand or by a
  // demo database seeded before the texts were in Spanish (docs/demo-tour.md: start from an empty one).
  if (!row) throw new Error(`demo gift "${giftName}" of ${ownerEmail} is missing; reseed an empty demo database`);
  return row;
}

/** A demo recipient books their paid gift on its first free time `fromDays` days on. */
async function bookDemoGift(tx: Executor, config: Config, booking: DemoBooking, now: Date) {
  const [order] = await tx
    .select({ code: orders.qrCode })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .where(and(eq(gifts.name, booking.giftName), eq(orders.recipientName, booking.recipientContact), eq(orders.status, 'paid')));
  if (!order?.code) throw new Error(`demo booking: no paid "${booking.giftName}" for ${booking.recipientContact}`);
  const gift = await findBookableGift(tx, order.code, now);
  const from = addDays(localDateOf(now), booking.fromDays);
  const { times } = await listFreeTimes(tx, gift, { from, to: addDays(from, 60), partySize: gift.partySize ?? booking.partySize ?? 1, now });
  if (!times[0]) throw new Error(`demo booking: "${booking.giftName}" has no free time from ${from}`);
  await bookGiftTime({ db: tx as Database, config, now: () => now }, order.code, {
    slot: slotKey(times[0]),
    partySize: booking.partySize,
    name: booking.recipientContact,
    notes: booking.notes,
  });
}

/**
 * Runs the transfers job at each moment a demo transfer fell due (redemption, or 14 days
 * after payment) up to now, so each sent transfer carries its real date and the ledger
 * matches the orders' history. Transfers still in their withdrawal period stay due.
 */
async function sendTransfersAsTheyFellDue(tx: Executor, now: Date) {
  const due = await tx
    .selectDistinct({ at: transfers.nextAttemptAt })
    .from(transfers)
    .where(and(eq(transfers.state, 'due'), lte(transfers.nextAttemptAt, now)))
    .orderBy(asc(transfers.nextAttemptAt));
  const payments = createTestPaymentProvider('http://demo.invalid');
  for (const { at } of due) await sendDueTransfers({ db: tx as Database, now: () => at!, payments });
}
