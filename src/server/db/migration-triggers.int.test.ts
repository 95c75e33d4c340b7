import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getTestDatabase } from '../testing/test-database';

/**
 * drizzle's schema does not model triggers: they live only in hand-written migration SQL
 * (ADR 099), so nothing but this test notices one that a later migration drops or never
 * creates. Every trigger the migrations create is on its table after migrating, and no other.
 */
const migrationsDir = new URL('./migrations/', import.meta.url);

function triggersInMigrations(): string[] {
  const found: string[] = [];
  for (const file of readdirSync(migrationsDir).filter((name) => name.endsWith('.sql')).sort()) {
    const text = readFileSync(new URL(file, migrationsDir), 'utf8');
    // In the file's order: a re-runnable migration drops a trigger just before creating it.
    const statements = /CREATE (?:CONSTRAINT )?TRIGGER "([^"]+)"[\s\S]*?\sON "([^"]+)"|DROP TRIGGER (?:IF EXISTS )?"([^"]+)" ON "([^"]+)"/g;
    for (const match of text.matchAll(statements)) {
      if (match[1]) {
        found.push(`${match[2]}.${match[1]}`);
        continue;
      }
      const at = found.indexOf(`${match[4]}.${match[3]}`);
      if (at >= 0) found.splice(at, 1);
    }
  }
  return found.sort();
}

describe('the triggers of the hand-written migrations', () => {
  it('exist after migrating, each on its table', async () => {
    const expected = triggersInMigrations();
    expect(expected.length).toBeGreaterThan(20);
    const { db } = await getTestDatabase();
    const result = (await db.execute(sql`
      select c.relname as "table", t.tgname as "trigger"
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal
    `)) as unknown as { rows: { table: string; trigger: string }[] };
    const actual = result.rows.map((row) => `${row.table}.${row.trigger}`).sort();
    expect(actual).toEqual(expected);
  });
});
