import { Gift, Mail, Pencil, Phone, Trash2, UserPlus, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { useText } from '@web/lib/text';
import type { Contact } from '@shared/contracts/contacts';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { ResultsStatus } from './results-status';
import { useContacts, useCreateContact, useDeleteContact, useUpdateContact } from './api';
import { ContactForm } from './contact-form';
import { QueryState } from './query-state';
import { SearchInput } from './search-input';
import { useDebouncedValue } from './use-debounced-value';

export function ContactsTab({ onSendGift }: { onSendGift: (contact: Contact) => void }) {
  const { t } = useText('app');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const query = useContacts(q);
  const createContact = useCreateContact();
  const [editing, setEditing] = useState<Contact | null>(null);
  const [isAdding, setAdding] = useState(false);
  // After a delete the row and its button are gone: "New contact" is the nearest control.
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAddButton = () => addButton.current;

  return (
    <section aria-labelledby="contacts-title" className="flex flex-col gap-4">
      <h2 id="contacts-title" className="font-display text-2xl font-semibold">
        {t('contacts.title')}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <SearchInput
            label={t('contacts.searchLabel')}
            placeholder={t('contacts.searchPlaceholder')}
            value={text}
            onChange={setText}
          />
        </div>
        <Button ref={addButton} onClick={() => setAdding(true)}>
          <UserPlus aria-hidden="true" />
          {t('contacts.addTitle')}
        </Button>
      </div>
      <Dialog open={isAdding} onOpenChange={setAdding}>
        <DialogContent title={t('contacts.addTitle')} closeLabel={t('common.close')}>
          <ContactForm
            idPrefix="new-contact"
            initial={null}
            submitLabel={t('contacts.add')}
            isPending={createContact.isPending}
            onCancel={() => setAdding(false)}
            onSubmit={async (input) => {
              await createContact.mutateAsync(input);
              toast.success(t('contacts.created'));
              setAdding(false);
            }}
          />
        </DialogContent>
      </Dialog>
      {/* Only a search has an outcome to announce; the list itself is not read out. */}
      <ResultsStatus>
        {q && query.data?.items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">{t('contacts.noResults')}</p>
        ) : null}
      </ResultsStatus>
      <QueryState query={query}>
        {(data) =>
          data.items.length === 0 ? (
            // "No contact matches" is in ResultsStatus above, announced when it appears.
            q ? null : (
              <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line p-6 text-center">
                <Users aria-hidden="true" className="size-8 text-brand-400" />
                <p className="font-semibold">{t('contacts.empty')}</p>
                <p className="text-sm text-muted">{t('contacts.emptyHint')}</p>
              </div>
            )
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t('contacts.title')}>
              {data.items.map((contact) => (
                <ContactRow key={contact.id} contact={contact} onEdit={setEditing} onSendGift={onSendGift} fallbackFocus={focusAddButton} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <EditContactDialog contact={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

function ContactRow({
  contact,
  onEdit,
  onSendGift,
  fallbackFocus,
}: {
  contact: Contact;
  onEdit: (contact: Contact) => void;
  onSendGift: (contact: Contact) => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const { t } = useText('app');
  const deleteContact = useDeleteContact();
  return (
    <li>
      <Card className="flex flex-col gap-2 p-4">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <h3 className="text-lg font-semibold">{contact.name}</h3>
          {contact.relationship ? <span className="text-sm text-muted">{contact.relationship}</span> : null}
        </div>
        {contact.email || contact.phone ? (
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {contact.email ? (
              <span className="inline-flex items-center gap-1">
                <Mail aria-hidden="true" className="size-4 text-muted" />
                {contact.email}
              </span>
            ) : null}
            {contact.phone ? (
              <span className="inline-flex items-center gap-1">
                <Phone aria-hidden="true" className="size-4 text-muted" />
                {contact.phone}
              </span>
            ) : null}
          </div>
        ) : null}
        {contact.notes ? <p className="text-sm text-muted">{contact.notes}</p> : null}
        <div className="flex flex-wrap gap-2 pt-1">
          <Button size="sm" onClick={() => onSendGift(contact)} aria-label={t('contacts.sendGiftNamed', { name: contact.name })}>
            <Gift aria-hidden="true" />
            {t('contacts.sendGift')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onEdit(contact)} aria-label={t('contacts.editNamed', { name: contact.name })}>
            <Pencil aria-hidden="true" />
            {t('common.edit')}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" aria-label={t('contacts.deleteNamed', { name: contact.name })}>
                <Trash2 aria-hidden="true" />
                {t('common.delete')}
              </Button>
            }
            title={t('contacts.deleteTitle', { name: contact.name })}
            description={t('contacts.deleteDescription')}
            confirmLabel={t('common.delete')}
            cancelLabel={t('common.cancel')}
            fallbackFocus={fallbackFocus}
            confirmRemovesTrigger
            // The row disappears optimistically, unmounting this component: callbacks given to
            // mutate() would then never run, so the toast hangs on the promise instead.
            // (A refusal is reported by the page's query client.)
            onConfirm={() =>
              void deleteContact.mutateAsync(contact.id).then(
                () => toast.success(t('contacts.deleted')),
                () => undefined,
              )
            }
          />
        </div>
      </Card>
    </li>
  );
}

function EditContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const { t } = useText('app');
  const updateContact = useUpdateContact();
  return (
    <Dialog open={contact !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {contact ? (
        <DialogContent title={t('contacts.editTitle')} closeLabel={t('common.close')}>
          <ContactForm
            key={contact.id}
            idPrefix="edit-contact"
            initial={contact}
            submitLabel={t('common.save')}
            isPending={updateContact.isPending}
            onCancel={onClose}
            onSubmit={async (input) => {
              await updateContact.mutateAsync({ id: contact.id, input });
              toast.success(t('contacts.updated'));
              onClose();
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
