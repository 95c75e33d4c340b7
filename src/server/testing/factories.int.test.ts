import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isValidCif } from '@shared/domain/tax-id';
import { computeExpiresAt } from '@shared/domain/validity';
import { accounts } from '../db/schema/auth';
import { checkouts, redemptions } from '../db/schema/orders';
import { profiles } from '../db/schema/profiles';
import { verifyPassword } from '../platform/auth/password';
import {
  createBusiness,
  createBusinessApplication,
  createBusinessInterest,
  createContact,
  createGift,
  createOrder,
  createUser,
  createValidCif,
  hashConfirmationToken,
} from './factories';
import { getTestDatabase } from './test-database';

const db = async () => (await getTestDatabase()).db;

describe('factories', () => {
  it('creates a Better Auth user with a credential account and a profile', async () => {
    const d = await db();
    const user = await createUser(d, { email: 'Ana@Example.TEST', password: 'una-clave-larga', name: 'Ana' });
    expect(user.email).toBe('ana@example.test');
    expect(user.emailVerified).toBe(true);
    expect(user.id).toMatch(/^[A-Za-z0-9]{32}$/);

    const [account] = await d.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(account).toMatchObject({ providerId: 'credential', accountId: user.id });
    expect(await verifyPassword('una-clave-larga', account!.password!)).toBe(true);
    expect(await verifyPassword('otra', account!.password!)).toBe(false);

    const [profile] = await d.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({ email: 'ana@example.test', fullName: 'Ana' });
  });

  it('gives unique defaults and keeps business flags in agreement', async () => {
    const d = await db();
    const a = await createUser(d);
    const b = await createUser(d, { userType: 'business' });
    expect(a.email).not.toBe(b.email);
    expect(a).toMatchObject({ userType: 'consumer', isBusiness: false, role: 'user' });
    expect(b).toMatchObject({ userType: 'business', isBusiness: true });
  });

  it('creates a listed business with a valid CIF by default', async () => {
    const d = await db();
    const owner = await createUser(d, { userType: 'business' });
    const business = await createBusiness(d, { ownerId: owner.id });
    expect(business).toMatchObject({
      verificationStatus: 'approved',
      isActive: true,
      city: 'Valencia',
      commissionRate: 10,
    });
    expect(business.termsAcceptedAt).toBeInstanceOf(Date);
    expect(isValidCif(business.taxId)).toBe(true);
    for (let i = 1; i < 200; i++) expect(isValidCif(createValidCif(i))).toBe(true);
  });

  it('prices orders from the gift and the business rate', async () => {
    const d = await db();
    const owner = await createUser(d, { userType: 'business' });
    const business = await createBusiness(d, { ownerId: owner.id, commissionRate: 12.5 });
    const gift = await createGift(d, { businessId: business.id, price: 3999, validityDays: 90 });
    const buyer = await createUser(d);
    const now = new Date('2026-03-28T10:00:00Z');

    const paid = await createOrder(d, { buyerId: buyer.id, giftId: gift.id, status: 'paid', now });
    // 12,5 % of 39,99 € = 4,99875 → 5,00 €; 21 % IVA on it = 1,05 €; the business nets the rest.
    expect(paid).toMatchObject({ totalAmount: 3999, commissionAmount: 500, vatRate: 21, commissionVatAmount: 105, netAmount: 3394, currency: 'EUR' });
    expect(paid.qrCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(paid.expiresAt.toISOString()).toBe(computeExpiresAt(paid.paidAt!, 90).toISOString());
    const [checkout] = await d.select().from(checkouts).where(eq(checkouts.id, paid.checkoutId!));
    expect(checkout).toMatchObject({ status: 'succeeded', amountTotal: 3999, buyerId: buyer.id });

    const unpaid = await createOrder(d, { buyerId: buyer.id, giftId: gift.id, status: 'unpaid', now });
    expect(unpaid).toMatchObject({ paidAt: null, checkoutId: null, commissionAmount: null });

    const expired = await createOrder(d, { buyerId: buyer.id, giftId: gift.id, status: 'expired', now });
    expect(expired.expiresAt.getTime()).toBeLessThan(now.getTime());
    expect(expired.paidAt).not.toBeNull();

    const redeemed = await createOrder(d, { buyerId: buyer.id, giftId: gift.id, status: 'redeemed', now });
    expect(redeemed.redeemedAt).not.toBeNull();
    const [redemption] = await d.select().from(redemptions).where(eq(redemptions.orderId, redeemed.id));
    expect(redemption).toMatchObject({ businessId: business.id, redeemedBy: owner.id, method: 'scan' });

    const cancelled = await createOrder(d, { buyerId: buyer.id, giftId: gift.id, status: 'cancelled', now });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(cancelled.paidAt).toBeNull();
  });

  it('creates contacts, applications and interests', async () => {
    const d = await db();
    const user = await createUser(d, { userType: 'business' });
    const contact = await createContact(d, { userId: user.id, name: 'Pepa', relationship: 'friend' });
    expect(contact).toMatchObject({ userId: user.id, name: 'Pepa', relationship: 'friend' });

    const business = await createBusiness(d, { ownerId: user.id, verificationStatus: 'pending' });
    expect(business.isActive).toBe(false);
    const application = await createBusinessApplication(d, { businessId: business.id });
    expect(application).toMatchObject({ applicationStatus: 'pending', reviewedAt: null });

    const interest = await createBusinessInterest(d, { email: 'Bar@Example.test', token: 'abc' });
    expect(interest).toMatchObject({ email: 'bar@example.test', isConfirmed: false });
    expect(interest.confirmationToken).toBe(hashConfirmationToken('abc'));
  });
});
