import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.join(here, '..', 'migrations');

/** The migrations the way back undoes, by the names they were generated with. */
const REVERTED = ['gift-movements', 'gift-movements-data', 'gift-movements-keys-required'];

interface JournalEntry {
  tag: string;
  when: number;
}

/** The journal's entries for the gift movements' migrations (their number may change at merge). */
export function giftMovementMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const found = journal.entries.filter((e) => REVERTED.includes(e.tag.replace(/^\d+_/, '')));
  if (found.length !== REVERTED.length) throw new Error(`the journal lacks a gift movements migration (found ${found.map((e) => e.tag).join(', ')})`);
  return found;
}

/** The statements of one SQL file, split as drizzle splits a migration. */
export function sqlStatements(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.replace(/^--.*$/gm, '').trim().length > 0);
}

/**
 * The way back from the gift movements (ADR 096), for the first release: in one transaction,
 * the down script (db/down/gift-movements-down.sql) and the migrations' rows in drizzle's
 * history, so the next start migrates forward again. Refuses when a later migration has been
 * applied: its schema may lean on what this takes away.
 */
export async function revertGiftMovements(db: Database): Promise<void> {
  const entries = giftMovementMigrations();
  const whens = entries.map((e) => e.when);
  const last = Math.max(...whens);
  await db.transaction(async (tx) => {
    const applied = (await tx.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as { rows: { created_at: string | number }[] };
    const later = applied.rows.filter((r) => Number(r.created_at) > last);
    if (later.length > 0) throw new Error(`${later.length} migration(s) newer than the gift movements are applied: revert those first`);
    for (const statement of sqlStatements(path.join(here, 'gift-movements-down.sql'))) await tx.execute(sql.raw(statement));
    await tx.execute(sql`delete from drizzle.__drizzle_migrations where created_at in (${sql.join(whens.map((w) => sql`${w}`), sql`, `)})`);
  });
}
