import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { HOLIDAY_YEARS } from '@shared/domain/working-days';
import {
  createBusiness,
  createGift,
  createOrder,
  createUser,
} from '../testing/factories';
import { waitFor } from '../testing/server-process';
import { getTestDatabase, testDatabaseKind } from '../testing/test-database';
import { createPglite, openDatabase, wrapPglite, type DatabaseHandle } from './client';
import { businesses } from './schema/businesses';
import { gifts } from './schema/gifts';
import { listingReports } from './schema/listing-reports';
import { mailOutbox } from './schema/mail-outbox';
import { checkouts, orders } from './schema/orders';

/** Every table of the specification (§3), Better Auth's, and the ones our ADRs add (checkouts, payouts, …). */
const expectedTables = [
  'users',
  'sessions',
  'accounts',
  'verifications',
  'profiles',
  'contacts',
  'businesses',
  'business_applications',
  'business_interests',
  'gifts',
  'orders',
  'checkouts',
  'redemptions',
  'mail_outbox',
];

/** A brand-new, empty database of the kind under test, migrated from nothing. */
async function withFreshDatabase(run: (handle: DatabaseHandle) => Promise<void>) {
  if (testDatabaseKind() === 'pglite') {
    const handle = wrapPglite(await createPglite());
    try {
      await run(handle);
    } finally {
      await handle.close();
    }
    return;
  }
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `regalo_migrate_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgresql', url: url.toString() }, { poolSize: 2 });
  try {
    await run(handle);
  } finally {
    await handle.close();
    await waitForNoConnections(admin, name);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * pg's `pool.end()` resolves once its clients are asked to end, not once their backends have
 * gone. Dropping the database WITH (FORCE) before then kills a closing backend, and the
 * client's 57P01 error arrives with no listener left: an unhandled error that failed a CI run.
 */
async function waitForNoConnections(admin: pg.Client, database: string) {
  await waitFor(
    async () =>
      (
        await admin.query<{ count: number }>(
          'select count(*)::int as count from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        )
      ).rows[0]!.count,
    (count) => count === 0,
    10_000,
    20,
  );
}

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const result = (await handle.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  return result.rows.map((r) => r.table_name).sort();
}

/** The text of a failed query and of its driver error, where the constraint is named. */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const e = error as { message?: string; cause?: { message?: string; constraint?: string } };
    return [e.message, e.cause?.message, e.cause?.constraint].filter(Boolean).join(' | ');
  }
  throw new Error('expected the statement to be rejected, but it succeeded');
}

// A fresh database per test, migrated from nothing: on a busy 2-core CI that alone can
// outlast the default 30 s (one run did), so these tests get two minutes.
describe('migrations', { timeout: 120_000 }, () => {
  it('apply on a fresh database, create every table, and are idempotent', async () => {
    await withFreshDatabase(async (handle) => {
      expect(await tableNames(handle)).toEqual([]);
      await handle.migrate();
      const tables = await tableNames(handle);
      for (const table of expectedTables) expect(tables, table).toContain(table);
      await handle.migrate();
      expect(await tableNames(handle)).toEqual(tables);
    });
  });

  it('give every order ever paid a typed code, unique among each business’s paid gifts (the typed-redemption-code migration)', async () => {
    await withFreshDatabase(async (handle) => {
      await handle.migrate();
      const { db } = handle;
      const owner = await createUser(db, { userType: 'business' });
      const business = await createBusiness(db, { ownerId: owner.id });
      const gift = await createGift(db, { businessId: business.id });
      const statuses = ['paid', 'paid', 'paid', 'redeemed', 'expired', 'unpaid', 'cancelled'] as const;
      for (const status of statuses) await createOrder(db, { buyerId: null, giftId: gift.id, status });
      // The state before the migration: no column values, no index, no checks.
      const undo = [
        'DROP INDEX "orders_business_typed_code_unique"',
        'ALTER TABLE "orders" DROP CONSTRAINT "orders_typed_code_check"',
        'ALTER TABLE "orders" DROP CONSTRAINT "orders_typed_code_paid_check"',
      ];
      // Found by name: its number depends on the migrations merged before it.
      const migrationsDir = new URL('./migrations/', import.meta.url);
      const file = readdirSync(migrationsDir).find((name) => name.endsWith('_typed-redemption-code.sql'));
      const migration = readFileSync(new URL(file!, migrationsDir), 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim());
      // Every statement but the first (ADD COLUMN), as written.
      const backfill = migration.slice(1);
      const rows = async () =>
        ((await db.execute(sql`select status, paid_at is not null as "wasPaid", typed_code as "typedCode" from orders`)) as unknown as {
          rows: { status: string; wasPaid: boolean; typedCode: string | null }[];
        }).rows;

      for (const statement of undo) await db.execute(sql.raw(statement));
      await db.execute(sql`update orders set typed_code = null`);
      for (const statement of backfill) await db.execute(sql.raw(statement));
      const after = await rows();
      for (const row of after) {
        if (row.wasPaid) expect(row.typedCode, row.status).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
        else expect(row.typedCode, row.status).toBeNull();
      }
      expect(new Set(after.map((r) => r.typedCode)).size).toBe(after.length - 1);

      // Drawn twice the same (forced here): the paid ones draw again until they differ.
      for (const statement of undo) await db.execute(sql.raw(statement));
      await db.execute(sql`update orders set typed_code = 'AAAAAAAA' where paid_at is not null`);
      for (const statement of backfill.slice(1)) await db.execute(sql.raw(statement));
      const paid = (await rows()).filter((r) => r.status === 'paid').map((r) => r.typedCode);
      expect(new Set(paid).size).toBe(3);
    });
  });

  it('move transfers waiting for the withdrawal period to its end in Madrid, leaving redeemed ones (the withdrawal migration)', async () => {
    await withFreshDatabase(async (handle) => {
      await handle.migrate();
      const { db } = handle;
      const owner = await createUser(db, { userType: 'business' });
      const business = await createBusiness(db, { ownerId: owner.id });
      const gift = await createGift(db, { businessId: business.id });
      // Paid in winter time, 20 Mar 2026 12:00 Madrid: the period ends 3 Apr 23:59:59.999 (summer time).
      const paidAt = new Date('2026-03-20T11:00:00Z');
      const waiting = await createOrder(db, { buyerId: null, giftId: gift.id, status: 'paid', paidAt, createdAt: paidAt, now: paidAt });
      const redeemedAt = new Date('2026-03-21T11:00:00Z');
      const redeemed = await createOrder(db, { buyerId: null, giftId: gift.id, status: 'redeemed', paidAt, createdAt: paidAt, now: redeemedAt, redeemedAt });
      // As the old schedule wrote them: paid_at + 14 × 24 h, or the redemption.
      await db.execute(sql`update transfers set next_attempt_at = ${new Date(paidAt.getTime() + 14 * 24 * 3600 * 1000)} where order_id = ${waiting.id}`);
      const migrationsDir = new URL('./migrations/', import.meta.url);
      const file = readdirSync(migrationsDir).find((name) => name.endsWith('_withdrawal.sql'));
      const statements = readFileSync(new URL(file!, migrationsDir), 'utf8').split('--> statement-breakpoint');
      await db.execute(sql.raw(statements.at(-1)!));
      const due = async (orderId: string) =>
        ((await db.execute(sql`select next_attempt_at as "at" from transfers where order_id = ${orderId}`)) as unknown as { rows: { at: Date | string }[] }).rows[0]!.at;
      expect(new Date(await due(waiting.id)).toISOString()).toBe('2026-04-03T22:00:00.000Z');
      expect(new Date(await due(redeemed.id)).toISOString()).toBe(redeemedAt.toISOString());
    });
  });

  it('move transfers waiting for a period whose 14th day is no working day to the end of the next working day (ADR 083)', async () => {
    const migrationsDir = new URL('./migrations/', import.meta.url);
    const file = readdirSync(migrationsDir).find((name) => name.endsWith('_working-day-withdrawal-end.sql'));
    const text = readFileSync(new URL(file!, migrationsDir), 'utf8');
    // The migration's holidays are the calendar's, day for day.
    const calendar = HOLIDAY_YEARS.flatMap((y) => y.holidays.map((h) => `${y.year}-${h.date}`));
    expect([...text.matchAll(/'(\d{4}-\d\d-\d\d)'/g)].map((m) => m[1])).toEqual(calendar);
    await withFreshDatabase(async (handle) => {
      await handle.migrate();
      const { db } = handle;
      const owner = await createUser(db, { userType: 'business' });
      const business = await createBusiness(db, { ownerId: owner.id });
      const gift = await createGift(db, { businessId: business.id });
      const paid = (iso: string, status: 'paid' | 'redeemed' = 'paid') => {
        const paidAt = new Date(iso);
        return createOrder(db, { buyerId: null, giftId: gift.id, status, paidAt, createdAt: paidAt, now: paidAt, ...(status === 'redeemed' ? { redeemedAt: paidAt } : {}) });
      };
      // As the calendar-day schedule wrote them: midnight in Madrid after the 14th day.
      const sunday = await paid('2026-12-06T11:00:00Z'); // 14th day Sunday 20 Dec → Monday 21 Dec
      const easter = await paid('2026-03-21T11:00:00Z'); // Saturday 4 Apr, Easter Monday 6 Apr → Tuesday 7 Apr (summer time)
      const weekday = await paid('2026-11-10T09:00:00Z'); // Tuesday 24 Nov: unchanged
      const redeemed = await paid('2026-12-06T11:00:00Z', 'redeemed');
      const setDue = (orderId: string, at: string) => db.execute(sql`update transfers set next_attempt_at = ${new Date(at)} where order_id = ${orderId}`);
      await setDue(sunday.id, '2026-12-20T23:00:00.000Z');
      await setDue(easter.id, '2026-04-04T22:00:00.000Z');
      await setDue(weekday.id, '2026-11-24T23:00:00.000Z');
      await db.execute(sql.raw(text));
      const due = async (orderId: string) =>
        new Date(((await db.execute(sql`select next_attempt_at as "at" from transfers where order_id = ${orderId}`)) as unknown as { rows: { at: Date | string }[] }).rows[0]!.at).toISOString();
      expect(await due(sunday.id)).toBe('2026-12-21T23:00:00.000Z');
      expect(await due(easter.id)).toBe('2026-04-07T22:00:00.000Z');
      expect(await due(weekday.id)).toBe('2026-11-24T23:00:00.000Z');
      expect(await due(redeemed.id)).toBe('2026-12-06T11:00:00.000Z');
    });
  });

  it('create the columns the specification names', async () => {
    const { db } = await getTestDatabase();
    const result = (await db.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    const columns = new Set(result.rows.map((r) => `${r.table_name}.${r.column_name}`));
    for (const column of [
      'profiles.user_id', 'profiles.full_name', 'profiles.avatar_url',
      'contacts.relationship', 'contacts.notes',
      'businesses.owner_id', 'businesses.tax_id', 'businesses.business_registration_number',
      'businesses.verification_documents', 'businesses.terms_accepted_at', 'businesses.is_active',
      'businesses.verification_status', 'businesses.commission_rate', 'businesses.image_url',
      'gifts.price', 'gifts.currency', 'gifts.is_available', 'gifts.validity_days',
      'orders.status', 'orders.total_amount', 'orders.qr_code', 'orders.expires_at',
      'orders.recipient_phone', 'orders.personal_message',
      'business_applications.application_status', 'business_applications.submitted_at',
      'business_interests.confirmation_token', 'business_interests.is_confirmed', 'business_interests.expires_at',
    ]) {
      expect(columns, column).toContain(column);
    }
  });
});

describe('database constraints', () => {
  async function aGift() {
    const { db } = await getTestDatabase();
    const owner = await createUser(db, { userType: 'business' });
    const business = await createBusiness(db, { ownerId: owner.id });
    const gift = await createGift(db, { businessId: business.id });
    return { db, owner, business, gift };
  }

  it('reject a gift price of zero or less', async () => {
    const { db, business } = await aGift();
    expect(await failure(createGift(db, { businessId: business.id, price: 0 }))).toContain('gifts_price_positive');
    expect(await failure(createGift(db, { businessId: business.id, price: -100 }))).toContain('gifts_price_positive');
    await expect(createGift(db, { businessId: business.id, price: 1 })).resolves.toMatchObject({ price: 1 });
  });

  it('reject a currency other than EUR', async () => {
    const { db, business, gift } = await aGift();
    expect(
      await failure(db.insert(gifts).values({ businessId: business.id, name: 'Dollar gift', price: 100, currency: 'USD' })),
    ).toContain('gifts_currency_check');
    const order = await createOrder(db, { buyerId: null, giftId: gift.id, status: 'unpaid' });
    expect(
      await failure(db.update(orders).set({ currency: 'USD' }).where(sql`${orders.id} = ${order.id}`)),
    ).toContain('orders_currency_check');
    expect(
      await failure(
        db.insert(checkouts).values({ provider: 'test', amountTotal: 100, currency: 'GBP', idempotencyKey: 'k' }),
      ),
    ).toContain('checkouts_currency_check');
  });

  it('reject an unknown order status', async () => {
    const { db, gift } = await aGift();
    const order = await createOrder(db, { buyerId: null, giftId: gift.id, status: 'paid' });
    expect(
      await failure(db.update(orders).set({ status: 'refunded' }).where(sql`${orders.id} = ${order.id}`)),
    ).toContain('orders_status_check');
    expect(await failure(createOrder(db, { buyerId: null, giftId: gift.id, status: 'shipped' as never }))).toContain(
      'orders_status_check',
    );
  });

  it('reject a mail, a report or a guest purchase in a language Regalo does not speak', async () => {
    const { db, gift } = await aGift();
    const mail = { to: 'x@example.test', subject: 's', text: 't', html: '<p>t</p>', template: 'verify-email' };
    expect(await failure(db.insert(mailOutbox).values({ ...mail, locale: 'fr' }))).toContain('mail_outbox_locale_check');
    await db.insert(mailOutbox).values({ ...mail, locale: 'va' });
    expect(
      await failure(db.insert(listingReports).values({ targetType: 'gift', giftId: gift.id, businessId: gift.businessId, category: 'misleading', explanation: 'x'.repeat(30), reporterLocale: 'de' })),
    ).toContain('listing_reports_reporter_locale_check');
    const guest = { status: 'pending', provider: 'test', amountTotal: 100, idempotencyKey: `k_${Date.now()}` };
    expect(await failure(db.insert(checkouts).values({ ...guest, guestName: 'Ana', guestEmail: 'ana@example.test', guestLocale: 'fr' as never }))).toContain(
      'checkouts_guest_complete',
    );
    // All three or none of the guest's fields.
    expect(await failure(db.insert(checkouts).values({ ...guest, guestEmail: 'ana@example.test' }))).toContain('checkouts_guest_complete');
  });

  it('keep the commission rate between 0 and 100', async () => {
    const { db } = await getTestDatabase();
    const owners = await Promise.all([1, 2, 3, 4].map(() => createUser(db, { userType: 'business' })));
    expect(await failure(createBusiness(db, { ownerId: owners[0]!.id, commissionRate: 100.01 }))).toContain(
      'businesses_commission_rate_check',
    );
    expect(await failure(createBusiness(db, { ownerId: owners[1]!.id, commissionRate: -1 }))).toContain(
      'businesses_commission_rate_check',
    );
    await expect(createBusiness(db, { ownerId: owners[2]!.id, commissionRate: 0 })).resolves.toMatchObject({ commissionRate: 0 });
    await expect(createBusiness(db, { ownerId: owners[3]!.id, commissionRate: 100 })).resolves.toMatchObject({
      commissionRate: 100,
    });
  });

  it('reject other bad values: validity, category, verification status, a second business per owner', async () => {
    const { db, owner, business } = await aGift();
    expect(await failure(createGift(db, { businessId: business.id, validityDays: 29 }))).toContain('gifts_validity_days_check');
    expect(await failure(createGift(db, { businessId: business.id, validityDays: 366 }))).toContain('gifts_validity_days_check');
    const other = await createUser(db, { userType: 'business' });
    expect(await failure(createBusiness(db, { ownerId: other.id, category: 'casino' as never }))).toContain(
      'businesses_category_check',
    );
    expect(
      await failure(db.update(businesses).set({ verificationStatus: 'verified' }).where(sql`${businesses.id} = ${business.id}`)),
    ).toContain('businesses_verification_status_check');
    expect(await failure(createBusiness(db, { ownerId: owner.id }))).toContain('businesses_owner_id_unique');
  });

  it('reject a reused redemption code', async () => {
    const { db, gift } = await aGift();
    const first = await createOrder(db, { buyerId: null, giftId: gift.id });
    expect(await failure(createOrder(db, { buyerId: null, giftId: gift.id, qrCode: first.qrCode }))).toContain(
      'orders_qr_code_unique',
    );
  });
});
