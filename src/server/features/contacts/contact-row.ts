import { contacts } from '../../db/schema/contacts';

/** The columns a contact is returned with; user_id stays on the server. */
export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  phone: contacts.phone,
  email: contacts.email,
  relationship: contacts.relationship,
  notes: contacts.notes,
};

