import type { Contact, ContactValues } from '@shared/contracts/contacts';
import type { Executor } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import { contactColumns } from './contact-row';

/** Input is already parsed by contactInputSchema (trimmed, empty → null, formats checked). */
export async function createContact(
  db: Executor,
  userId: string,
  input: ContactValues,
): Promise<Contact> {
  const [row] = await db
    .insert(contacts)
    .values({ userId, ...input })
    .returning(contactColumns);
  return row!;
}
