import type { Contact, Group } from '@webmail/contracts';
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ContactFormValues } from '../lib/contact-form';

/** The dialogs themselves load on the first open: the mailbox shows none of them until asked. */
const OpenContactDialog = lazy(async () => ({
  default: (await import('./open-contact-dialog')).OpenContactDialog,
}));

/** Which contacts dialog is open, with what it shows. */
export type OpenedDialog =
  | { kind: 'contactForm'; contact: Contact | null; prefill?: Partial<ContactFormValues> }
  | { kind: 'contactDetails'; id: string }
  | {
      kind: 'contactDelete';
      contacts: Array<Pick<Contact, 'id' | 'fullName' | 'emails'>>;
      onDone?: () => void;
    }
  | { kind: 'groupForm'; group: Group | null; members?: string[] }
  | { kind: 'groupDetails'; id: string }
  | { kind: 'groupDelete'; group: Group }
  | { kind: 'import' };

/** Opens the contacts dialogs from anywhere under the provider (panel, settings pages, a message's sender). */
export interface ContactDialogs {
  newContact: (prefill?: Partial<ContactFormValues>) => void;
  editContact: (contact: Contact) => void;
  showContact: (id: string) => void;
  deleteContacts: (contacts: Array<Pick<Contact, 'id' | 'fullName' | 'emails'>>, onDone?: () => void) => void;
  newGroup: (members?: string[]) => void;
  editGroup: (group: Group) => void;
  showGroup: (id: string) => void;
  deleteGroup: (group: Group) => void;
  importContacts: () => void;
}

const ContactDialogsContext = createContext<ContactDialogs | null>(null);

/** The dialogs of one user's contacts; null outside a provider (then nothing offers to open them). */
export function useContactDialogs(): ContactDialogs | null {
  return useContext(ContactDialogsContext);
}

/** Holds which contacts dialog is open (one at a time: details give way to the form and back). */
export function ContactDialogsProvider({ userIndex, children }: { userIndex: number; children: ReactNode }) {
  const [open, setOpen] = useState<OpenedDialog | null>(null);
  const api = useMemo<ContactDialogs>(
    () => ({
      newContact: (prefill) => setOpen({ kind: 'contactForm', contact: null, prefill }),
      editContact: (contact) => setOpen({ kind: 'contactForm', contact }),
      showContact: (id) => setOpen({ kind: 'contactDetails', id }),
      deleteContacts: (contacts, onDone) => setOpen({ kind: 'contactDelete', contacts, onDone }),
      newGroup: (members) => setOpen({ kind: 'groupForm', group: null, members }),
      editGroup: (group) => setOpen({ kind: 'groupForm', group }),
      showGroup: (id) => setOpen({ kind: 'groupDetails', id }),
      deleteGroup: (group) => setOpen({ kind: 'groupDelete', group }),
      importContacts: () => setOpen({ kind: 'import' }),
    }),
    [],
  );
  const close = () => setOpen(null);
  return (
    <ContactDialogsContext.Provider value={api}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <OpenContactDialog userIndex={userIndex} open={open} api={api} close={close} />
        </Suspense>
      )}
    </ContactDialogsContext.Provider>
  );
}
