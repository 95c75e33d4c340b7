import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * One row of cache keys shared by every server (ADR 037). Database triggers give a column a
 * new random value in the same transaction as any change to the tables it covers:
 * - `catalog`: gifts and businesses (what the consumer catalogue lists);
 * - `auth`: users and sessions (what a signed-in request's user is).
 * A server may reuse what it computed under a value as long as it reads the same value
 * again; random values never repeat, even after a restore or a wiped table.
 */
export const cacheVersions = pgTable(
  'cache_versions',
  {
    id: smallint('id').primaryKey().default(1),
    catalog: text('catalog').notNull(),
    auth: text('auth').notNull(),
  },
  (t) => [check('cache_versions_single_row', sql`${t.id} = 1`)],
);
