/**
 * Which integration files run a second time, on the PostgreSQL server (ADR 110). Every file
 * runs on PGlite, the default database. The second pass is for the tests whose outcome can
 * depend on the database server itself: the money module, the schema (migrations, triggers,
 * faults), domain rules written in SQL, the use cases that move money or hold places and
 * change state under locks, catalogue search (extensions, collation), jobs that take locks,
 * whatever races (several connections, several processes) and whatever crashes and restarts.
 * Tests of HTTP contracts, input abuse, rendering, mail, files and sign-in run the same
 * Drizzle queries on PGlite and stay there.
 *
 * An entry ending in `/` is a folder (every `*.int.test.ts` under it); any other is one file.
 * Any file whose name says `race` is in the tier too, wherever it lives.
 */
export const POSTGRESQL_TIER = [
  'src/server/money/',
  'src/server/db/',
  'src/server/domain/',
  'src/server/platform/jobs/',
  'src/server/features/admin/',
  'src/server/features/backup/',
  'src/server/features/business-bookings/',
  'src/server/features/catalog/',
  'src/server/features/checkout/',
  'src/server/features/business-dashboard/business-gifts/gift-card-offer.int.test.ts',
  'src/server/features/fair-expiry/',
  'src/server/features/gift-page/gift-page-booking.int.test.ts',
  'src/server/features/gift-page/gift-way-out.int.test.ts',
  'src/server/features/order-expiry/',
  'src/server/features/owner-notices/',
  'src/server/features/redemption/',
  'src/server/backup-restore.int.test.ts',
  'src/server/crash-safety.int.test.ts',
  'src/server/invoice-vat.int.test.ts',
  'src/server/money-reconciliation.int.test.ts',
  'src/server/payment-durability.int.test.ts',
  'src/server/scale-out.int.test.ts',
  'src/server/scheduled-surprise.int.test.ts',
  'src/server/withdrawal.int.test.ts',
  'src/server/withdrawal-working-days.int.test.ts',
  'src/server/platform/mail/mail-database-outage.int.test.ts',
  'src/server/platform/start-up-readiness.int.test.ts',
] as const;

const RACES = /race[^/]*\.int\.test\.ts$/;

/** The tier as Vitest `include` globs. */
export function postgresqlTierGlobs(): string[] {
  return [...POSTGRESQL_TIER.map((entry) => (entry.endsWith('/') ? `${entry}**/*.int.test.ts` : entry)), 'src/**/*race*.int.test.ts'];
}

/** Whether the PostgreSQL pass runs `file` (a path from the project's root). */
export function isInPostgresqlTier(file: string): boolean {
  return RACES.test(file) || POSTGRESQL_TIER.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));
}
