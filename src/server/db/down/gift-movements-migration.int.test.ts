import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madridMonthOf, monthsBetween } from '@shared/domain/statement-month';
import { loadConfig } from '../../config';
import { getBusinessesBalances, getPlatformBalances } from '../../money/ledger/ledger-balances';
import { getBusinessStatement } from '../../money/statements/get-business-statement';
import { listMonthTotals } from '../../money/statements/list-month-totals';
import { issueDueInvoices } from '../../money/invoices/issue-due-invoices';
import { verifyVerifactuChain } from '../../money/verifactu/verify-verifactu-chain';
import { expireOrders } from '../../features/order-expiry/expire-orders';
import { createLocalStorage } from '../../platform/storage/local-storage';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { testDatabaseKind } from '../../testing/test-database';
import { createPglite, openDatabase, wrapPglite, type Database, type DatabaseHandle } from '../client';
import { businesses } from '../schema/businesses';
import { demoOrders } from '../seed/demo-data';
import { seedDemo } from '../seed/seed-demo';
import { giftMovementMigrations, revertGiftMovements, sqlStatements } from './revert-gift-movements';

/*
 * The gift movements' data move (ADR 096), on a database of its own (the way back drops
 * tables the other tests use): the demo data and orders in every state are written by
 * today's code, the database is taken back to before the movements, then migrated forward
 * again, and the data move is run once more. Every figure a person reads — balances,
 * statements, month totals, invoices, VERI*FACTU records and their chain — must be the same
 * to the cent at every step, and the migrated keys the ones today's code writes.
 */

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The way back is for the first release (ADR 096): it refuses while a later migration is
 * applied. Each migration since is taken back here first, by what it added, as an operator
 * would before reverting; a new migration without its line here fails the test, naming it.
 */
const LATER_TAKEN_BACK: Record<string, string[]> = {
  'opening-hours-translations': ['ALTER TABLE "businesses" DROP COLUMN "opening_hours_translations"'],
  'verifactu-installation-number': ['ALTER TABLE "verifactu_records" DROP COLUMN "installation_number"'],
  'verifactu-installation-number-required': [],
  'payout-requirements-later-and-deadline': [
    'ALTER TABLE "payout_accounts" DROP COLUMN "requirements_eventually_due"',
    'ALTER TABLE "payout_accounts" DROP COLUMN "requirements_deadline"',
  ],
  'in-person-handover': [
    'ALTER TABLE "orders" DROP CONSTRAINT "orders_recipient_not_blank"',
    'ALTER TABLE "orders" DROP COLUMN "handover"',
    'ALTER TABLE "orders" ADD CONSTRAINT "orders_recipient_not_blank" CHECK (length(trim("orders"."recipient_name")) > 0)',
  ],
  'dac7-seller-fields': ['owner_first_name', 'owner_last_name', 'owner_birth_date', 'vat_number', 'permanent_establishments', 'iban', 'iban_holder'].map(
    (column) => `ALTER TABLE "businesses" DROP COLUMN "${column}"`,
  ),
  'invoice-substitutions': ['DROP TABLE "invoice_substitutions"'],
  // Taken back before any card is sold: the data this test writes holds fixed gifts only.
  'gift-card-value-kind': [
    'ALTER TABLE "orders" DROP CONSTRAINT "orders_value_kind_check"',
    `ALTER TABLE "orders" ADD CONSTRAINT "orders_value_kind_check" CHECK ("orders"."value_kind" in ('fixed'))`,
  ],
  // Taken back before any card is used: the data this test writes has no undone use.
  'gift-card-uses': [
    'DROP TABLE "redemption_undos"',
    'DROP INDEX "gift_movements_undone_once"',
    'ALTER TABLE "gift_movements" DROP CONSTRAINT "gift_movements_reverses_check"',
    'ALTER TABLE "gift_movements" DROP COLUMN "reverses_movement_id"',
    'ALTER TABLE "gift_movements" DROP CONSTRAINT "gift_movements_kind_check"',
    `ALTER TABLE "gift_movements" ADD CONSTRAINT "gift_movements_kind_check" CHECK ("gift_movements"."kind" in ('issued', 'redeemed', 'refunded', 'expired', 'expiry_lifted', 'exchanged'))`,
    'DROP INDEX "ledger_entries_movement_settled_once"',
    `CREATE UNIQUE INDEX "ledger_entries_movement_settled_once" ON "ledger_entries" USING btree ("movement_id","kind") WHERE "ledger_entries"."kind" in ('commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'gift_redeemed')`,
    'ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check"',
    `ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge_received', 'charge_refunded', 'commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'transfer_sent', 'transfer_failed', 'transfer_reversed', 'payout_paid', 'payout_failed', 'invoice_vat_charged', 'invoice_vat_credited', 'gift_redeemed'))`,
    'ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check"',
    `ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('application_approved', 'application_rejected', 'commission_changed', 'business_deactivated', 'business_reactivated', 'order_expiry_extended', 'order_cancelled', 'order_refunded', 'transfer_retried', 'admin_granted', 'admin_revoked', 'report_hidden', 'report_kept', 'invoice_cancelled'))`,
  ],
  // The trigger function is the one 0027 wrote, with the undo's rule; the down script restores 0027's own.
  'gift-card-uses-trigger': [],
  'wallet-passes': ['DROP TABLE "wallet_pass_registrations"', 'DROP TABLE "wallet_passes"'],
  // The demo's cards (none of them sold in the data this test writes) cannot exist before it.
  'gift-card-offer': [
    `DELETE FROM "gifts" WHERE "kind" = 'card'`,
    // The deletion's deferred checks run now: a table with pending trigger events cannot be altered.
    'SET CONSTRAINTS ALL IMMEDIATE',
    'ALTER TABLE "gifts" DROP CONSTRAINT "gifts_validity_days_check"',
    'ALTER TABLE "gifts" DROP CONSTRAINT "gifts_card_offer_check"',
    'ALTER TABLE "gifts" DROP CONSTRAINT "gifts_kind_check"',
    ...['suggested_amounts', 'max_amount', 'min_amount', 'kind'].map((column) => `ALTER TABLE "gifts" DROP COLUMN "${column}"`),
    'ALTER TABLE "gifts" ADD CONSTRAINT "gifts_validity_days_check" CHECK ("gifts"."validity_days" between 30 and 365)',
  ],
  'booking-sessions': ['bookings', 'booking_slots', 'booking_closed_days', 'booking_sessions', 'booking_settings'].map((table) => `DROP TABLE "${table}"`),
  'bookings-count-places': ['DROP TRIGGER "bookings_count_places" ON "bookings"', 'DROP FUNCTION "bookings_count_places"()'],
  'checkout-payment-method': ['ALTER TABLE "checkouts" DROP COLUMN "payment_method"'],
  'booking-sessions-bump-catalog': ['booking_sessions', 'booking_closed_days', 'booking_settings', 'booking_slots'].flatMap((table) => [
    `DROP TRIGGER "${table}_bump_catalog_version" ON "${table}"`,
    `DROP TRIGGER "${table}_truncate_bump_catalog_version" ON "${table}"`,
  ]),
  'business-coordinates': [
    'ALTER TABLE "businesses" DROP CONSTRAINT "businesses_coordinates_check"',
    'ALTER TABLE "businesses" DROP COLUMN "latitude"',
    'ALTER TABLE "businesses" DROP COLUMN "longitude"',
  ],
  // Taken back before any gift is exchanged: the data this test writes holds none.
  'gift-way-out': [
    'DROP TABLE "booking_misses"',
    'ALTER TABLE "orders" DROP CONSTRAINT "orders_exchanged_check"',
    'DROP INDEX "orders_exchanged_for_unique"',
    'ALTER TABLE "orders" DROP COLUMN "exchanged_for_id"',
    'DROP INDEX "ledger_entries_movement_settled_once"',
    `CREATE UNIQUE INDEX "ledger_entries_movement_settled_once" ON "ledger_entries" USING btree ("movement_id","kind") WHERE "ledger_entries"."kind" in ('commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'gift_redeemed', 'gift_redemption_undone')`,
    'ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check"',
    `ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge_received', 'charge_refunded', 'commission', 'commission_vat', 'share_owed', 'refund_commission', 'refund_commission_vat', 'refund_share', 'transfer_sent', 'transfer_failed', 'transfer_reversed', 'payout_paid', 'payout_failed', 'invoice_vat_charged', 'invoice_vat_credited', 'gift_redeemed', 'gift_redemption_undone'))`,
  ],
  'booking-notices': [
    'ALTER TABLE "owner_order_events" DROP CONSTRAINT "owner_order_events_booking_check"',
    'ALTER TABLE "owner_order_events" DROP CONSTRAINT "owner_order_events_kind_check"',
    // The old shape knew no booking notices: the demo's bookings wrote some.
    'DELETE FROM "owner_order_events" WHERE "booking_id" IS NOT NULL',
    `ALTER TABLE "owner_order_events" ADD CONSTRAINT "owner_order_events_kind_check" CHECK ("owner_order_events"."kind" in ('sold', 'cancelled', 'withdrawn'))`,
    'DROP INDEX "owner_order_events_booking_unique"',
    'DROP INDEX "owner_order_events_order_kind_unique"',
    'CREATE UNIQUE INDEX "owner_order_events_order_kind_unique" ON "owner_order_events" USING btree ("order_id","kind")',
    'ALTER TABLE "owner_order_events" DROP COLUMN "booking_id"',
    'ALTER TABLE "owner_order_events" DROP COLUMN "booking_starts_at"',
    'ALTER TABLE "bookings" DROP COLUMN "share_date_with_giver"',
    'ALTER TABLE "mail_outbox" DROP COLUMN "attachments"',
    'ALTER TABLE "orders" DROP COLUMN "giver_wants_booking_notice"',
    'ALTER TABLE "orders" DROP COLUMN "giver_told_booked_at"',
  ],
};

async function takeBackLaterMigrations(db: Database) {
  const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const last = Math.max(...giftMovementMigrations().map((e) => e.when));
  const later = journal.entries.filter((e) => e.when > last).reverse();
  const missing = later.map((e) => e.tag).filter((tag) => !(tag.replace(/^\d+_/, '') in LATER_TAKEN_BACK));
  expect(missing, 'migrations after the gift movements with no way back in this test').toEqual([]);
  await db.transaction(async (tx) => {
    for (const entry of later) {
      for (const statement of LATER_TAKEN_BACK[entry.tag.replace(/^\d+_/, '')]!) await tx.execute(sql.raw(statement));
      await tx.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${entry.when}`);
    }
  });
}

async function openOwnDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (testDatabaseKind() === 'pglite') {
    const handle = wrapPglite(await createPglite());
    return { handle, drop: async () => {} };
  }
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `regalo_test_movements_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgresql', url: url.toString() }, { poolSize: 2 });
  return { handle, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Everything a person reads about money, computed by the code that shows it. */
async function figures(db: Database, now: Date) {
  const list = await db.select({ id: businesses.id, name: businesses.name, createdAt: businesses.createdAt }).from(businesses).orderBy(businesses.id);
  const balances = Object.fromEntries(await getBusinessesBalances(db, list.map((b) => b.id)));
  const months = monthsBetween(madridMonthOf(new Date(now.getTime() - 400 * 24 * 3600 * 1000)), madridMonthOf(now));
  const statements: Record<string, unknown> = {};
  for (const business of list) {
    for (const month of months) {
      if (month < madridMonthOf(business.createdAt)) continue;
      statements[`${business.id}|${month}`] = await getBusinessStatement(db, business, month, now);
    }
  }
  const totals = await Promise.all(months.map((month) => listMonthTotals(db, month)));
  return {
    balances,
    platform: await getPlatformBalances(db),
    statements,
    totals,
    invoices: await rows(db, sql`select * from invoices order by id`),
    invoiceLines: await rows(db, sql`select * from invoice_lines order by invoice_lines::text`),
    records: await rows(db, sql`select * from verifactu_records order by id`),
    chain: await verifyVerifactuChain(db),
  };
}

/** The ledger as the old shape has it: per business and kind, how many rows and how much. */
async function ledgerSums(db: Database) {
  return rows(db, sql`select business_id, kind, count(*)::int as n, sum(amount)::int as total from ledger_entries where kind <> 'gift_redeemed' group by business_id, kind order by business_id, kind`);
}

/** The new keys, each link named by keys (ids differ between two writes of the same data). */
async function movementKeys(db: Database) {
  return {
    payments: await rows(db, sql`select checkout_id, amount, provider, provider_ref, idempotency_key, created_at from payments order by idempotency_key`),
    kept: await rows(db, sql`
      select m.idempotency_key, m.order_id, m.kind, m.amount, m.created_at, p.idempotency_key as payment
      from gift_movements m left join payments p on p.id = m.payment_id
      where m.kind in ('issued', 'redeemed', 'refunded') order by m.idempotency_key`),
    value: await rows(db, sql`
      select order_id,
        sum(case when kind in ('issued', 'expiry_lifted') then amount else -amount end)::int as remaining,
        sum(case kind when 'expired' then amount when 'expiry_lifted' then -amount else 0 end)::int as expired
      from gift_movements group by order_id order by order_id`),
    ledger: await rows(db, sql`
      select l.idempotency_key, l.kind, l.amount, m.idempotency_key as movement, p.idempotency_key as payment
      from ledger_entries l left join gift_movements m on m.id = l.movement_id left join payments p on p.id = l.payment_id
      order by l.idempotency_key`),
    transfers: await rows(db, sql`select t.id, m.idempotency_key as movement from transfers t join gift_movements m on m.id = t.movement_id order by t.id`),
    redemptions: await rows(db, sql`select r.id, m.idempotency_key as movement from redemptions r join gift_movements m on m.id = r.movement_id order by r.id`),
  };
}

describe('the gift movements migration', () => {
  let own: Awaited<ReturnType<typeof openOwnDatabase>>;
  let db: Database;
  const now = new Date();
  beforeAll(async () => {
    own = await openOwnDatabase();
    db = own.handle.db;
    await own.handle.migrate();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-movements-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
    // The demo: paid, redeemed and withdrawn purchases of several businesses, months back —
    // but not its card spent in parts: the old shape holds one whole redemption per order, so
    // the way back is for a database where no card was sold (ADR 104).
    const orders = demoOrders.filter((order) => !order.card);
    expect(orders.length).toBeLessThan(demoOrders.length);
    await seedDemo({ db, config, storage: createLocalStorage(path.join(dataDir, 'files')), orders });
    // Every other state an order reaches, as the code that reaches it writes it.
    const owner = await createUser(db, { userType: 'business' });
    const business = await createBusiness(db, { ownerId: owner.id, commissionRate: 12 });
    const gift = await createGift(db, { businessId: business.id, price: 3999 });
    const buyer = await createUser(db);
    for (const status of ['paid', 'redeemed', 'expired', 'cancelled', 'unpaid'] as const) {
      await createOrder(db, { buyerId: buyer.id, giftId: gift.id, status });
    }
    // A paid gift past its date, expired by the job (its movement at the job's moment).
    await createOrder(db, { buyerId: buyer.id, giftId: gift.id, status: 'paid', expiresAt: new Date(now.getTime() - 3600_000) });
    await expireOrders({ db, now: () => now });
    await issueDueInvoices({ db, config, now: () => now });
  }, 600_000);
  afterAll(async () => {
    await own.handle.close();
    await own.drop();
  });

  it('takes every order back and forward again with every figure unchanged to the cent, the chain unbroken, and the keys today’s code writes', async () => {
    const before = await figures(db, now);
    expect(before.chain.ok).toBe(true);
    expect(before.invoices.length).toBeGreaterThan(0);
    const statuses = (await rows<{ status: string }>(db, sql`select distinct status from orders order by status`)).map((r) => r.status);
    expect(statuses).toEqual(expect.arrayContaining(['cancelled', 'expired', 'paid', 'redeemed', 'unpaid', 'withdrawn']));
    const written = await movementKeys(db);
    expect(written.kept.length).toBeGreaterThan(0);
    const sums = await ledgerSums(db);

    // The way back: the old shape, every order, redemption, transfer and ledger row kept.
    const installations = await rows<{ installation_number: string }>(db, sql`select distinct installation_number from verifactu_records`);
    expect(installations).toHaveLength(1);
    const installationNumber = installations[0]!.installation_number;
    await takeBackLaterMigrations(db);
    await revertGiftMovements(db);
    const tables = (await rows<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = 'public'`)).map((r) => r.tablename);
    expect(tables).not.toContain('gift_movements');
    expect(tables).not.toContain('payments');
    const constraints = (await rows<{ conname: string }>(db, sql`select conname from pg_constraint where conname in ('transfers_order_id_unique', 'redemptions_order_id_unique')`)).map((r) => r.conname).sort();
    expect(constraints).toEqual(['redemptions_order_id_unique', 'transfers_order_id_unique']);
    expect(await ledgerSums(db)).toEqual(sums);

    // Forward again, as the next start does, and the data move once more: nothing changes.
    await own.handle.migrate({ installationNumber });
    expect(await figures(db, now)).toEqual(before);
    const migrated = await movementKeys(db);
    expect(migrated.payments).toEqual(written.payments);
    expect(migrated.kept).toEqual(written.kept);
    expect(migrated.value).toEqual(written.value);
    expect(migrated.ledger).toEqual(written.ledger);
    expect(migrated.transfers).toEqual(written.transfers);
    expect(migrated.redemptions).toEqual(written.redemptions);

    const [dataMove] = giftMovementMigrations().filter((e) => e.tag.endsWith('gift-movements-data'));
    await db.transaction(async (tx) => {
      for (const statement of sqlStatements(path.join(import.meta.dirname, '..', 'migrations', `${dataMove!.tag}.sql`))) await tx.execute(sql.raw(statement));
    });
    expect(await movementKeys(db)).toEqual(migrated);
    expect(await figures(db, now)).toEqual(before);
  });
});
