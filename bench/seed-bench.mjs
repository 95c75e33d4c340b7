// The benchmarks' data set, seeded through the test factories: BUSINESSES listed businesses ×
// GIFTS_PER_BUSINESS gifts (the last gift of each unavailable, so the listing's total is
// BUSINESSES × (GIFTS_PER_BUSINESS − 1)), a consumer and a shop owner who can sign in with
// the factories' password, one paid order for the gift page and `orders` more to redeem.
// The businesses take the categories in turn; `hidden` more, unverified and inactive, each
// with a gift, give the listing's filter real work.
// Used by bench/budgets.mjs, bench/heart-split.mjs, bench/server-memory.mjs and
// bench/catalog-load.mjs (run with tsx).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { businessCategories } from '../src/shared/domain/business.ts';
import { createBusiness, createGift, createOrder, createUser, DEFAULT_TEST_PASSWORD } from '../src/server/testing/factories.ts';
import { productionOperatorEnv } from '../src/server/testing/operator-env.ts';

export const BUSINESSES = 200;
export const GIFTS_PER_BUSINESS = 10;
export const BENCH_PASSWORD = DEFAULT_TEST_PASSWORD;
/** The listing every catalogue benchmark asks for. */
export const CATALOG_URL = '/api/catalog/gifts?sort=price_asc&page=1&pageSize=24';

/** The server settings the benchmarks share: production, test payments, limits and load shedding off. */
export const benchServerEnv = {
  NODE_ENV: 'production',
  // Production refuses the demo operator's identity.
  ...productionOperatorEnv,
  PAYMENTS_PROVIDER: 'test',
  PAYMENTS_ALLOW_TEST: 'true',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  LOG_LEVEL: 'silent',
  RATE_LIMIT: 'off',
  // Measure the server, not the shedder (a busy shared machine would trip it).
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_MAX_CONCURRENT_REQUESTS: '0',
};

/**
 * Fills `db` (already migrated) and returns who and what the benchmarks use.
 * `businesses` defaults to BUSINESSES; `orders` is how many paid orders to redeem.
 */
export async function seedBench(db, { businesses = BUSINESSES, orders = 0, hidden = 0, prefix = 'bench' } = {}) {
  const shopOwner = await createUser(db, { userType: 'business', email: `${prefix}-owner-${randomUUID()}@example.test` });
  let firstGift;
  for (let b = 0; b < businesses; b++) {
    const owner = b === 0 ? shopOwner : await createUser(db, { userType: 'business' });
    const business = await createBusiness(db, {
      ownerId: owner.id,
      name: `Bench business ${String(b).padStart(3, '0')}`,
      category: businessCategories[b % businessCategories.length],
    });
    for (let g = 0; g < GIFTS_PER_BUSINESS; g++) {
      const gift = await createGift(db, {
        businessId: business.id,
        name: `Gift ${b}-${g}`,
        price: 500 + ((b * 37 + g * 911) % 20_000),
        isAvailable: g !== GIFTS_PER_BUSINESS - 1,
      });
      firstGift ??= gift;
    }
  }
  for (let i = 0; i < hidden; i++) {
    const owner = await createUser(db, { userType: 'business' });
    const business = await createBusiness(db, { ownerId: owner.id, verificationStatus: 'pending', isActive: false });
    await createGift(db, { businessId: business.id });
  }
  const consumer = await createUser(db, { email: `${prefix}-${randomUUID()}@example.test` });
  const giftPageOrder = await createOrder(db, { buyerId: consumer.id, giftId: firstGift.id });
  const toRedeem = [];
  // Their codes: redemption takes only what the recipient holds (ADR 055).
  for (let i = 0; i < orders; i++) toRedeem.push((await createOrder(db, { buyerId: consumer.id, giftId: firstGift.id })).qrCode);
  await db.execute(sql`analyze`);
  return { shopOwner, consumer, firstGift, giftPageOrder, toRedeem, listed: businesses * (GIFTS_PER_BUSINESS - 1) };
}
