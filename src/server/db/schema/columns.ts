import { sql } from 'drizzle-orm';
import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { LOCALES } from '@shared/locale';

/** Column helpers shared by the tables, so every table stamps time the same way. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** SQL `IN (...)` list for CHECK constraints built from a shared const list. */
export const sqlList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));

/** A JSONB map of texts per language (ADR 073): an object whose keys are Regalo's languages only. */
export const localizedTextsCheck = (column: AnyPgColumn) =>
  sql`jsonb_typeof(${column}) = 'object' and ${column} - array[${sqlList(LOCALES)}] = '{}'::jsonb`;
