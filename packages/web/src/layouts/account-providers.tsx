import type { ReactNode } from 'react';
import { RecipientDirectoryContext } from '../features/compose/api/recipient-directory';
import { useContactDirectory } from '../features/contacts/api/get-contact-suggestions';
import { ContactDialogsProvider } from '../features/contacts/components/contact-dialogs';
import { FilterCreationProvider } from '../features/filters/components/filter-creation';
import { ListModeContext } from '../features/messages/api/list-mode';
import { ListOptionsContext } from '../features/messages/api/list-options';
import { useStoredListOptions } from '../features/settings/api/stored-list-options';
import { useStoredListMode } from '../features/settings/hooks/use-stored-list-mode';

const noDirectory = () => [];

/**
 * What a signed-in account's pages share, whichever layout shows them (the base layout, the tab layout): the
 * recipient directory from contacts (none when contacts are not in the plan), the stored list mode and list options
 * (settings hand them down to messages), the contact dialogs and the "create filter" dialog.
 */
export function AccountProviders({
  userIndex,
  contactsEnabled,
  children,
}: {
  userIndex: number;
  contactsEnabled: boolean;
  children: ReactNode;
}) {
  return (
    <RecipientDirectoryContext.Provider value={contactsEnabled ? useContactDirectory : noDirectory}>
      <ListModeContext.Provider value={useStoredListMode}>
        <ListOptionsContext.Provider value={useStoredListOptions}>
          <ContactDialogsProvider userIndex={userIndex}>
            <FilterCreationProvider userIndex={userIndex}>{children}</FilterCreationProvider>
          </ContactDialogsProvider>
        </ListOptionsContext.Provider>
      </ListModeContext.Provider>
    </RecipientDirectoryContext.Provider>
  );
}
