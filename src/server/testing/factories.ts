import type { LocalizedTexts } from '@shared/domain/localized-text';
/**
 * Factories for rows that are valid by default and consistent with each other. The SAME
 * functions build the demo seed (src/server/db/seed) and the data of integration tests, so
 * what the demo shows is what the tests exercise.
 *
 * Every factory takes an Executor (the database or a transaction) first, then overrides.
 * Defaults are unique and readable (`user-3@example.test`, `Business 3`) thanks to one
 * counter per worker. Each returns the inserted row as Drizzle selects it.
 *
 *   const owner = await createUser(db, { userType: 'business' });
 *   const business = await createBusiness(db, { ownerId: owner.id });
 *   const gift = await createGift(db, { businessId: business.id, price: 2500 });
 *   const buyer = await createUser(db);
 *   const order = await createOrder(db, { buyerId: buyer.id, giftId: gift.id, status: 'paid' });
 *
 * Users sign in through Better Auth with their `password` (default DEFAULT_TEST_PASSWORD).
 */
import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Locale } from '@shared/locale';
import { DEFAULT_COMMISSION_RATE, LISTING_CITY, type ApplicationStatus, type BusinessCategory, type BusinessType, type VerificationDocument, type VerificationStatus } from '@shared/domain/business';
import { type ValenciaDistrict } from '@shared/domain/valencia-districts';
import { CURRENCY, DEFAULT_VALIDITY_DAYS, type OrderStatus } from '@shared/domain/order-status';
import { cifControlDigit, nifLetterFor } from '@shared/domain/tax-id';
import type { Executor } from '../db/client';
import { accounts, users } from '../db/schema/auth';
import { businessApplications, businesses, businessInterests } from '../db/schema/businesses';
import { contacts } from '../db/schema/contacts';
import { gifts } from '../db/schema/gifts';
import { checkouts, orders } from '../db/schema/orders';
import { recordExpiryMovements } from '../money/ledger/record-expiry';
import { recordGiftMovement } from '../money/ledger/record-gift-movement';
import { recordRedemption } from '../money/ledger/record-redemption';
import { profiles } from '../db/schema/profiles';
import { payoutAccounts } from '../db/schema/payouts';
import { recordCheckoutPayment, recordOrderRefund } from '../money/ledger/record-payment';
import { priceOrder } from '../domain/orders/price-order';
import { bringTransferForward, cancelPendingTransfer } from '../money/transfers/transfer-schedule';
import { DEFAULT_COMMISSION_VAT_RATE, type PayoutProvider } from '@shared/domain/payouts';
import { hashPassword } from '../platform/auth/password';

export const DEFAULT_TEST_PASSWORD = 'regalo-test-password';

let sequence = 0;
/** A number unique within this process, for readable unique defaults. */
export function nextSequence(): number {
  sequence += 1;
  return sequence;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** An id shaped like Better Auth's own (32 alphanumeric characters). */
export function createAuthId(): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

// Orders get their codes from the same function checkout uses.
export { createRedemptionCode } from '../domain/orders/price-order';

/**
 * A CIF with a correct control digit: a sociedad limitada (letter B) unless `entity` says
 * otherwise (F, a cooperative). Seeded from the counter so each call gives a different, valid one.
 */
export function createValidCif(seed = nextSequence(), entity: 'B' | 'F' = 'B'): string {
  const digits = String(1_000_000 + ((seed * 7_919) % 9_000_000)).padStart(7, '0').slice(-7);
  return `${entity}${digits}${cifControlDigit(digits)}`;
}

/** A person's NIF (DNI number and its letter), as an individual (autónomo) trades under. */
export function createValidNif(seed = nextSequence()): string {
  const digits = String(10_000_000 + ((seed * 7_919) % 89_999_999)).padStart(8, '0').slice(-8);
  return `${digits}${nifLetterFor(digits)}`;
}

/** The tax id a business of this type has: a person's NIF for an individual, a CIF otherwise. */
export function createTaxIdFor(businessType: BusinessType, seed = nextSequence()): string {
  if (businessType === 'individual') return createValidNif(seed);
  return createValidCif(seed, businessType === 'cooperative' ? 'F' : 'B');
}

// Argon2id is slow on purpose (≈ 50-100 ms); tests and the seed create many users with
// the same few passwords, so each digest is computed once per process and reused.
const digests = new Map<string, Promise<string>>();
export function hashPasswordOnce(password: string): Promise<string> {
  let digest = digests.get(password);
  if (!digest) {
    digest = hashPassword(password);
    digests.set(password, digest);
  }
  return digest;
}

// ---------------------------------------------------------------------------------------
// Users

export interface CreateUserInput {
  email?: string;
  password?: string;
  name?: string;
  role?: 'user' | 'admin';
  userType?: 'consumer' | 'business';
  /** Defaults to `userType === 'business'`, as sign-up keeps both flags in agreement. */
  isBusiness?: boolean;
  businessName?: string | null;
  emailVerified?: boolean;
  locale?: Locale;
  phone?: string | null;
  createdAt?: Date;
}

export type UserRow = typeof users.$inferSelect;
export type CreatedUser = UserRow & { password: string };

/**
 * A Better Auth user: the `users` row, a `credential` account holding the argon2id digest
 * (so sign-in works), and the `profiles` row. Returns the user plus its plain password.
 */
export async function createUser(db: Executor, input: CreateUserInput = {}): Promise<CreatedUser> {
  const n = nextSequence();
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  const userType = input.userType ?? (input.isBusiness ? 'business' : 'consumer');
  const id = createAuthId();
  const email = (input.email ?? `user-${n}@example.test`).trim().toLowerCase();
  const name = input.name ?? `User ${n}`;
  const createdAt = input.createdAt ?? new Date();

  const [user] = await db
    .insert(users)
    .values({
      id,
      name,
      email,
      emailVerified: input.emailVerified ?? true,
      phone: input.phone ?? null,
      userType,
      isBusiness: input.isBusiness ?? userType === 'business',
      businessName: input.businessName ?? null,
      role: input.role ?? 'user',
      locale: input.locale ?? 'en',
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await db.insert(accounts).values({
    id: createAuthId(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPasswordOnce(password),
    createdAt,
    updatedAt: createdAt,
  });
  await db.insert(profiles).values({
    userId: id,
    email,
    fullName: name,
    phone: input.phone ?? null,
    createdAt,
    updatedAt: createdAt,
  });
  return { ...user!, password };
}

/** Finds a user by email (lower-cased), or null. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------
// Businesses

export type BusinessRow = typeof businesses.$inferSelect;
export type CreateBusinessInput = {
  /** The owner's user id; null for a business whose owner deleted their account. */
  ownerId: string | null;
  id?: string;
  name?: string;
  /** Invoicing data (ADR 061); null by default, so a test business is not invoiced unless it asks. */
  legalName?: string | null;
  fiscalAddress?: string | null;
  businessType?: BusinessType;
  category?: BusinessCategory;
  address?: string;
  city?: string;
  taxId?: string;
  businessRegistrationNumber?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  /** How recipients book (stored forms: E.164 WhatsApp, an https link). */
  whatsapp?: string | null;
  bookingUrl?: string | null;
  openingHours?: string | null;
  /** The opening hours in other languages (ADR 073). */
  openingHoursTranslations?: LocalizedTexts;
  description?: string | null;
  imageUrl?: string | null;
  district?: ValenciaDistrict | null;
  /** Where the shop is (ADR 107's "nearby"); none by default, as an owner who never gave it. */
  coordinates?: { latitude: number; longitude: number } | null;
  verificationDocuments?: VerificationDocument[];
  termsAcceptedAt?: Date | null;
  /** The partner agreement's version accepted then (null by default: an acceptance before versions). */
  partnerTermsVersion?: string | null;
  isActive?: boolean;
  verificationStatus?: VerificationStatus;
  rejectionReason?: string | null;
  commissionRate?: number;
  createdAt?: Date;
  /**
   * Its payout account (ADR 053). Default: an approved business gets an active test-provider
   * account (it can be paid, so it is sold); others get none. `null` = none; an object = that state.
   */
  payoutAccount?: CreatePayoutAccountInput | null;
};

/**
 * A business that shows in the consumer listing by default: approved, active, in
 * Valencia, terms accepted, with a valid tax id of its type (a company's CIF by default; an
 * individual's NIF). Override `verificationStatus: 'pending'`,
 * `isActive: false` for an applicant.
 */
export async function createBusiness(db: Executor, input: CreateBusinessInput): Promise<BusinessRow> {
  const n = nextSequence();
  const createdAt = input.createdAt ?? new Date();
  const verificationStatus = input.verificationStatus ?? 'approved';
  const businessType = input.businessType ?? 'company';
  const [row] = await db
    .insert(businesses)
    .values({
      ...(input.id ? { id: input.id } : {}),
      ownerId: input.ownerId,
      name: input.name ?? `Business ${n}`,
      businessType,
      category: input.category ?? 'restaurant',
      address: input.address ?? `Carrer de Colón ${n}`,
      city: input.city ?? LISTING_CITY,
      taxId: input.taxId ?? createTaxIdFor(businessType, n),
      legalName: input.legalName ?? null,
      fiscalAddress: input.fiscalAddress ?? null,
      businessRegistrationNumber: input.businessRegistrationNumber ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      website: input.website ?? null,
      whatsapp: input.whatsapp ?? null,
      bookingUrl: input.bookingUrl ?? null,
      openingHours: input.openingHours ?? null,
      openingHoursTranslations: input.openingHoursTranslations ?? {},
      description: input.description ?? null,
      imageUrl: input.imageUrl ?? null,
      district: input.district ?? null,
      latitude: input.coordinates?.latitude ?? null,
      longitude: input.coordinates?.longitude ?? null,
      verificationDocuments: input.verificationDocuments ?? [],
      termsAcceptedAt: input.termsAcceptedAt === undefined ? createdAt : input.termsAcceptedAt,
      partnerTermsVersion: input.partnerTermsVersion ?? null,
      isActive: input.isActive ?? verificationStatus === 'approved',
      verificationStatus,
      rejectionReason: input.rejectionReason ?? null,
      commissionRate: input.commissionRate ?? DEFAULT_COMMISSION_RATE,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const account = input.payoutAccount === undefined ? (verificationStatus === 'approved' ? {} : null) : input.payoutAccount;
  if (account) await createPayoutAccount(db, { ...account, businessId: row!.id, createdAt });
  return row!;
}

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export interface CreatePayoutAccountInput {
  businessId?: string;
  provider?: PayoutProvider;
  providerAccountId?: string;
  /** Default true: onboarding finished. */
  detailsSubmitted?: boolean;
  payoutsEnabled?: boolean;
  transfersActive?: boolean;
  requirementsDue?: string[];
  disabledReason?: string | null;
  createdAt?: Date;
}

/** A connected payout account; by default complete and able to receive transfers. */
export async function createPayoutAccount(db: Executor, input: CreatePayoutAccountInput & { businessId: string }): Promise<PayoutAccountRow> {
  const detailsSubmitted = input.detailsSubmitted ?? true;
  const at = input.createdAt ?? new Date();
  const [row] = await db
    .insert(payoutAccounts)
    .values({
      businessId: input.businessId,
      provider: input.provider ?? 'test',
      providerAccountId: input.providerAccountId ?? `acct_test_${createAuthId()}`,
      detailsSubmitted,
      payoutsEnabled: input.payoutsEnabled ?? detailsSubmitted,
      transfersActive: input.transfersActive ?? detailsSubmitted,
      requirementsDue: input.requirementsDue ?? (detailsSubmitted ? [] : ['external_account', 'representative.id_number']),
      disabledReason: input.disabledReason ?? (detailsSubmitted ? null : 'requirements.past_due'),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

export type BusinessApplicationRow = typeof businessApplications.$inferSelect;

export async function createBusinessApplication(
  db: Executor,
  input: {
    businessId: string;
    applicationStatus?: ApplicationStatus;
    submittedAt?: Date;
    reviewedAt?: Date | null;
    reviewedBy?: string | null;
    reviewNotes?: string | null;
  },
): Promise<BusinessApplicationRow> {
  const status = input.applicationStatus ?? 'pending';
  const submittedAt = input.submittedAt ?? new Date();
  const [row] = await db
    .insert(businessApplications)
    .values({
      businessId: input.businessId,
      applicationStatus: status,
      submittedAt,
      reviewedAt: input.reviewedAt === undefined ? (status === 'pending' ? null : new Date()) : input.reviewedAt,
      reviewedBy: input.reviewedBy ?? null,
      reviewNotes: input.reviewNotes ?? null,
      createdAt: submittedAt,
    })
    .returning();
  return row!;
}

export type BusinessInterestRow = typeof businessInterests.$inferSelect;

/** SHA-256 (hex) of a confirmation token, as `business_interests.confirmation_token` stores it. */
export function hashConfirmationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A business-interest record. Pass `token` to store its SHA-256 digest (hex), or
 * `confirmationToken` to store a value exactly as given.
 */
export async function createBusinessInterest(
  db: Executor,
  input: {
    email?: string;
    businessName?: string;
    userId?: string | null;
    isConfirmed?: boolean;
    token?: string;
    confirmationToken?: string | null;
    expiresAt?: Date | null;
    confirmedAt?: Date | null;
  } = {},
): Promise<BusinessInterestRow> {
  const n = nextSequence();
  const isConfirmed = input.isConfirmed ?? false;
  const [row] = await db
    .insert(businessInterests)
    .values({
      businessName: input.businessName ?? `Business ${n}`,
      email: (input.email ?? `interest-${n}@example.test`).trim().toLowerCase(),
      userId: input.userId ?? null,
      userType: 'business',
      isConfirmed,
      confirmationToken:
        input.confirmationToken !== undefined
          ? input.confirmationToken
          : input.token
            ? hashConfirmationToken(input.token)
            : null,
      expiresAt:
        input.expiresAt !== undefined ? input.expiresAt : new Date(Date.now() + 24 * 60 * 60 * 1000),
      confirmedAt: input.confirmedAt !== undefined ? input.confirmedAt : isConfirmed ? new Date() : null,
    })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------
// Gifts and contacts

export type GiftRow = typeof gifts.$inferSelect;

export async function createGift(
  db: Executor,
  input: {
    businessId: string;
    id?: string;
    name?: string;
    description?: string | null;
    /** Whole cents. */
    price?: number;
    imageUrl?: string | null;
    isAvailable?: boolean;
    validityDays?: number;
    bookingRequired?: boolean;
    partySize?: number | null;
    validWeekdays?: number[] | null;
    conditions?: string | null;
    archivedAt?: Date | null;
    forTwo?: boolean;
    createdAt?: Date;
    /** The name and description in other languages (ADR 073). */
    nameTranslations?: LocalizedTexts;
    descriptionTranslations?: LocalizedTexts;
    /** A gift card (ADR 108): its bounds in cents; its price is then its minimum. */
    card?: { minAmount: number; maxAmount: number; suggestedAmounts?: number[] | null };
  },
): Promise<GiftRow> {
  const n = nextSequence();
  const createdAt = input.createdAt ?? new Date();
  const [row] = await db
    .insert(gifts)
    .values({
      ...(input.id ? { id: input.id } : {}),
      businessId: input.businessId,
      name: input.name ?? `Gift ${n}`,
      description: input.description === undefined ? `A lovely gift number ${n}` : input.description,
      kind: input.card ? 'card' : 'fixed',
      price: input.card ? input.card.minAmount : (input.price ?? 2500),
      minAmount: input.card?.minAmount ?? null,
      maxAmount: input.card?.maxAmount ?? null,
      suggestedAmounts: input.card?.suggestedAmounts ?? null,
      currency: CURRENCY,
      imageUrl: input.imageUrl ?? null,
      isAvailable: input.isAvailable ?? true,
      validityDays: input.validityDays ?? DEFAULT_VALIDITY_DAYS,
      bookingRequired: input.bookingRequired ?? false,
      partySize: input.partySize ?? null,
      validWeekdays: input.validWeekdays ?? null,
      conditions: input.conditions ?? null,
      archivedAt: input.archivedAt ?? null,
      forTwo: input.forTwo ?? false,
      nameTranslations: input.nameTranslations ?? {},
      descriptionTranslations: input.descriptionTranslations ?? {},
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!;
}

export type ContactRow = typeof contacts.$inferSelect;

export async function createContact(
  db: Executor,
  input: {
    userId: string;
    name?: string;
    phone?: string | null;
    email?: string | null;
    relationship?: string | null;
    notes?: string | null;
    createdAt?: Date;
  },
): Promise<ContactRow> {
  const n = nextSequence();
  const createdAt = input.createdAt ?? new Date();
  const [row] = await db
    .insert(contacts)
    .values({
      userId: input.userId,
      name: input.name ?? `Contact ${n}`,
      phone: input.phone ?? null,
      email: input.email === undefined ? `contact-${n}@example.test` : input.email,
      relationship: input.relationship ?? null,
      notes: input.notes ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------
// Orders

export type OrderRow = typeof orders.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CreateOrderInput {
  buyerId: string | null;
  giftId: string;
  /** Default `paid`. */
  status?: OrderStatus;
  recipientName?: string;
  recipientPhone?: string | null;
  recipientEmail?: string | null;
  personalMessage?: string | null;
  /** The recipient's language (default `es`). */
  recipientLocale?: Locale;
  /** How the gift is signed (the giver's first name); default none. */
  senderName?: string | null;
  /** The giver asked to be told once the gift is booked (ADR 105). */
  giverWantsBookingNotice?: boolean;
  contactId?: string | null;
  qrCode?: string;
  /** The code to type at the counter (stored form, e.g. `K7QDM2XA`); default: a fresh one once paid. */
  typedCode?: string | null;
  /**
   * When the order was placed. Default: now, except for `expired` orders, which default to
   * just over their validity ago so that `expiresAt` lies in the past.
   */
  createdAt?: Date;
  paidAt?: Date | null;
  expiresAt?: Date;
  redeemedAt?: Date | null;
  cancelledAt?: Date | null;
  /** Who scanned a `redeemed` order (default: the business owner). */
  redeemedBy?: string | null;
  redemptionMethod?: 'scan' | 'manual';
  /** Reuse a checkout instead of creating one for this order. */
  checkoutId?: string | null;
  /** When the gift goes out; default null (right after payment). */
  deliverAt?: Date | null;
  /** Default: paid orders without a later deliverAt were delivered at payment, as checkout does. */
  deliveredAt?: Date | null;
  /** The reference "now" for defaults (tests that move time pass theirs). */
  now?: Date;
  /** IVA on the commission for a paid order; default DEFAULT_COMMISSION_VAT_RATE (21). */
  vatRate?: number;
  /**
   * `card`: a gift card of `amountCents`, priced, paid and issued as one of that
   * amount (default: the gift's price). Only `paid` (unused), `expired` and `cancelled` cards;
   * uses go through the counter. Default `fixed`.
   */
  valueKind?: 'fixed' | 'card';
  amountCents?: number;
}

/**
 * An order consistent with its status, priced from the database as the server would: the
 * total is the gift's price, commission and net come from the business's rate, the code is
 * 256 random bits, `expiresAt` is the end of day in Europe/Madrid after the gift's
 * validity. Paid, redeemed and expired orders (and cancelled ones given a `paidAt`) get a
 * succeeded checkout; redeemed orders get their redemption row.
 */
export async function createOrder(db: Executor, input: CreateOrderInput): Promise<OrderRow> {
  const n = nextSequence();
  const now = input.now ?? new Date();
  const status = input.status ?? 'paid';
  const [gift] = await db.select().from(gifts).where(eq(gifts.id, input.giftId));
  if (!gift) throw new Error(`createOrder: no gift ${input.giftId}`);
  const [business] = await db.select().from(businesses).where(eq(businesses.id, gift.businessId));
  if (!business) throw new Error(`createOrder: no business ${gift.businessId}`);

  const createdAt =
    input.createdAt ??
    (status === 'expired' ? new Date(now.getTime() - (gift.validityDays + 2) * DAY_MS) : now);
  const wasPaid = status === 'paid' || status === 'redeemed' || status === 'expired';
  const paidAt =
    input.paidAt !== undefined ? input.paidAt : wasPaid ? new Date(createdAt.getTime() + 60_000) : null;
  // Money, code and expiry come from the shared pricing rule, as a real order's do.
  if (input.valueKind === 'card' && status === 'redeemed') throw new Error('createOrder: a card is used at the counter, not made redeemed');
  const priced = priceOrder(
    input.amountCents === undefined ? gift : { ...gift, price: input.amountCents },
    business,
    { placedAt: createdAt, paidAt },
    paidAt ? (input.vatRate ?? DEFAULT_COMMISSION_VAT_RATE) : null,
  );
  const expiresAt = input.expiresAt ?? priced.expiresAt;
  const redeemedAt =
    input.redeemedAt !== undefined
      ? input.redeemedAt
      : status === 'redeemed'
        ? new Date(Math.min(now.getTime(), expiresAt.getTime(), (paidAt ?? createdAt).getTime() + DAY_MS))
        : null;
  const cancelledAt =
    input.cancelledAt !== undefined ? input.cancelledAt : status === 'cancelled' ? now : null;

  const total = priced.totalAmount;
  const deliverAt = input.deliverAt ?? null;
  const deliveredAt =
    input.deliveredAt !== undefined
      ? input.deliveredAt
      : paidAt && (!deliverAt || deliverAt <= now)
        ? (deliverAt && deliverAt > paidAt ? deliverAt : paidAt)
        : null;

  let checkoutId = input.checkoutId ?? null;
  if (input.checkoutId === undefined && paidAt) {
    const [checkout] = await db
      .insert(checkouts)
      .values({
        buyerId: input.buyerId,
        status: 'succeeded',
        provider: 'test',
        providerRef: `test_${createAuthId()}`,
        // As the test provider's success sets it, so the order can be refunded.
        paymentRef: `test_payment_${createAuthId()}`,
        amountTotal: total,
        currency: CURRENCY,
        idempotencyKey: createAuthId(),
        completedAt: paidAt,
        createdAt,
        updatedAt: paidAt,
      })
      .returning({ id: checkouts.id });
    checkoutId = checkout!.id;
  }

  const [order] = await db
    .insert(orders)
    .values({
      checkoutId,
      buyerId: input.buyerId,
      giftId: gift.id,
      businessId: gift.businessId,
      status,
      valueKind: input.valueKind ?? 'fixed',
      totalAmount: total,
      currency: CURRENCY,
      commissionRate: priced.commissionRate,
      commissionAmount: priced.commissionAmount,
      vatRate: priced.vatRate,
      commissionVatAmount: priced.commissionVatAmount,
      netAmount: priced.netAmount,
      recipientName: input.recipientName ?? `Recipient ${n}`,
      recipientPhone: input.recipientPhone ?? null,
      recipientEmail: input.recipientEmail ?? null,
      personalMessage: input.personalMessage ?? null,
      recipientLocale: input.recipientLocale ?? 'es',
      senderName: input.senderName ?? null,
      giverWantsBookingNotice: input.giverWantsBookingNotice ?? false,
      giverToldBookedAt: null,
      contactId: input.contactId ?? null,
      deliverAt,
      deliveredAt,
      qrCode: input.qrCode ?? priced.qrCode,
      typedCode: input.typedCode !== undefined ? input.typedCode : priced.typedCode,
      expiresAt,
      paidAt,
      redeemedAt,
      cancelledAt,
      createdAt,
      updatedAt: redeemedAt ?? cancelledAt ?? paidAt ?? createdAt,
    })
    .returning();

  // The ledger and the transfer as the real payment, redemption and cancellation write them.
  if (paidAt && checkoutId && order!.commissionAmount !== null) {
    const money = {
      id: order!.id,
      businessId: order!.businessId,
      totalAmount: total,
      commissionAmount: order!.commissionAmount,
      commissionVatAmount: order!.commissionVatAmount!,
      netAmount: order!.netAmount!,
    };
    // The charge is the checkout's whole amount, recorded once per checkout (idempotent).
    const [charge] = await db.select({ amount: checkouts.amountTotal, paymentRef: checkouts.paymentRef }).from(checkouts).where(eq(checkouts.id, checkoutId));
    await recordCheckoutPayment(db, { checkoutId, chargeAmount: charge!.amount, paymentRef: charge!.paymentRef, paidAt, orders: [money] });
    if (status === 'redeemed' && redeemedAt) await bringTransferForward(db, order!.id, redeemedAt);
    if (status === 'cancelled') {
      await cancelPendingTransfer(db, order!.id, cancelledAt ?? now);
      await recordOrderRefund(db, { ...money, checkoutId }, { refundRef: null, at: cancelledAt ?? now });
    }
  }

  // As the expiry job writes it: what the gift had left expired with it.
  if (status === 'expired') await recordExpiryMovements(db, [order!.id], expiresAt);
  if (status === 'redeemed') {
    // An order made without a checkout has no payment in the ledger; its value is issued all the same.
    await recordGiftMovement(db, { orderId: order!.id, kind: 'issued', amount: total, at: paidAt ?? createdAt });
    await recordRedemption(db, {
      orderId: order!.id,
      businessId: gift.businessId,
      checkoutId: order!.checkoutId,
      amount: total,
      redeemedBy: input.redeemedBy === undefined ? business.ownerId : input.redeemedBy,
      method: input.redemptionMethod ?? 'scan',
      at: redeemedAt ?? now,
    });
  }
  return order!;
}
