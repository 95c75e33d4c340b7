import { eq } from 'drizzle-orm';
import { ledgerEntries, payoutAccounts, transferAttempts, transfers } from '../db/schema/payouts';
import type { TestPaymentProvider } from '../platform/payments/test-provider';
import { signedIn } from '../testing/checkout-test-world';
import { createBusiness, createGift, createOrder, createUser, type CreatePayoutAccountInput } from '../testing/factories';
import type { TestApp } from '../testing/test-app';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock the test moves; the app reads it through ctx.now. */
export function createClock(start = new Date('2026-03-02T10:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    set(at: Date) {
      now = at;
    },
    /** Moves to `days` (fractions allowed) after `from`. */
    at(from: Date, days: number) {
      now = new Date(from.getTime() + days * DAY_MS);
      return now;
    },
  };
}

/** A business at 10 % whose owner is signed in, with a 25,00 € gift and a paid order of it. */
export async function paidOrderWorld(t: TestApp, options: { paidAt: Date; payoutAccount?: CreatePayoutAccountInput | null } = { paidAt: new Date() }) {
  const owner = await signedIn(t, { userType: 'business' });
  const business = await createBusiness(t.database.db, { ownerId: owner.user.id, commissionRate: 10, payoutAccount: options.payoutAccount });
  const gift = await createGift(t.database.db, { businessId: business.id, price: 2500, name: 'Horchata para dos' });
  const buyer = await createUser(t.database.db);
  const order = await createOrder(t.database.db, {
    buyerId: buyer.id,
    giftId: gift.id,
    status: 'paid',
    createdAt: new Date(options.paidAt.getTime() - 60_000),
    paidAt: options.paidAt,
    now: options.paidAt,
  });
  return { owner, business, gift, buyer, order };
}

export async function transferOf(t: TestApp, orderId: string) {
  const [row] = await t.database.db.select().from(transfers).where(eq(transfers.orderId, orderId));
  return row!;
}

export async function attemptsOf(t: TestApp, transferId: string) {
  return t.database.db.select().from(transferAttempts).where(eq(transferAttempts.transferId, transferId)).orderBy(transferAttempts.attempt);
}

export async function ledgerOf(t: TestApp, orderId: string) {
  const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(ledgerEntries.createdAt);
  return rows.map((r) => `${r.kind}:${r.amount}`);
}

export async function accountOf(t: TestApp, businessId: string) {
  const [row] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.businessId, businessId));
  return row!;
}

export const testProvider = (t: TestApp) => t.app.ctx.payments as TestPaymentProvider;
