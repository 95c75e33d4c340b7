import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Contact } from '@shared/contracts/contacts';
import type { Executor } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import { containsPattern } from '../../db/query-helpers';
import { contactColumns } from './contact-row';

/** The user's own contacts by name (case-insensitive), optionally searched. */
export async function listContacts(
  db: Executor,
  userId: string,
  query: { q?: string } = {},
): Promise<Contact[]> {
  const conditions: SQL[] = [eq(contacts.userId, userId)];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ilike(contacts.name, pattern),
        ilike(contacts.email, pattern),
        ilike(contacts.relationship, pattern),
      )!,
    );
  }
  const rows = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id));
  // The database's collation differs between PGlite (C) and servers; Spanish readers expect
  // Álvaro next to Alberto, so the final order is a Spanish, case- and accent-blind collation.
  return rows.sort((a, b) => byName.compare(a.name, b.name));
}

const byName = new Intl.Collator('es', { sensitivity: 'base' });
