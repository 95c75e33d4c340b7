import { and, eq } from 'drizzle-orm';
import type { Contact, ContactPatch } from '@shared/contracts/contacts';
import type { Executor } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../db/query-helpers';
import { contactColumns } from './contact-row';

/**
 * Changes only the fields sent. Someone else's contact is "not found" (404), not
 * "forbidden", so ids of other users' contacts cannot be probed.
 */
export async function updateContact(
  db: Executor,
  userId: string,
  contactId: string,
  patch: ContactPatch,
): Promise<Contact> {
  if (!isUuid(contactId)) throw AppError.notFound('Contact not found');
  const changes = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as ContactPatch;
  const scope = and(eq(contacts.id, contactId), eq(contacts.userId, userId));
  const [row] =
    Object.keys(changes).length === 0
      ? await db.select(contactColumns).from(contacts).where(scope)
      : await db.update(contacts).set(changes).where(scope).returning(contactColumns);
  if (!row) throw AppError.notFound('Contact not found');
  return row;
}
