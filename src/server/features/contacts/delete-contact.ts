import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../db/query-helpers';

/** Deletes one of the user's contacts; orders sent to it keep their recipient details. */
export async function deleteContact(db: Executor, userId: string, contactId: string): Promise<void> {
  if (!isUuid(contactId)) throw AppError.notFound('Contact not found');
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  if (deleted.length === 0) throw AppError.notFound('Contact not found');
}
