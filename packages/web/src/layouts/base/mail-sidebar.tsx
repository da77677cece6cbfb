import Box from '@mui/material/Box';
import type { UserDetails } from '@webmail/contracts';
import { useParams } from 'react-router';
import { ScheduledSidebarLink } from '../../features/compose/components/scheduled-sidebar-link';
import { ContactsPanel } from '../../features/contacts/components/contacts-panel';
import { FolderSidebar } from '../../features/mailboxes/components/folder-sidebar';
import { SavedSearchList } from '../../features/search/components/saved-search-list';
import { useTranslation } from '../../shared/i18n/translation';
import { ComposeButton } from './compose-button';
import { GatedContactsPanel } from './gated-contacts-panel';
import { useDropMessages } from './use-drop-messages';

interface MailSidebarProps {
  userIndex: number;
  /** Undefined until the user details arrive (or when they fail). */
  details: UserDetails | undefined;
  contactsPanel: { open: boolean; toggle: () => void };
  onNavigate: () => void;
}

/**
 * The sidebar outside settings: compose, the folders and the storage bar, below them the scheduled messages, the
 * saved searches and the contacts panel (or its upgrade label when the plan leaves contacts out). In a landmark of
 * its own (the footer below it is one). Messages dropped on a folder move there.
 */
export function MailSidebar({ userIndex, details, contactsPanel, onNavigate }: MailSidebarProps) {
  const { t } = useTranslation('common');
  const { mailboxId } = useParams();
  const dropMessages = useDropMessages(userIndex);
  // Until the details arrive nothing counts as disabled, as in the rest of the layout.
  const disabledFeatures = details?.disabledFeatures ?? [];
  const contactsEnabled = !disabledFeatures.includes('contacts');
  return (
    <Box role="region" aria-label={t('sidebar')}>
      <ComposeButton userIndex={userIndex} onNavigate={onNavigate} />
      <FolderSidebar
        userIndex={userIndex}
        selectedMailboxId={mailboxId}
        onNavigate={onNavigate}
        foldersEnabled={!disabledFeatures.includes('folders')}
        onDropMessages={dropMessages}
        detailsQuota={details?.quota}
        below={
          <>
            <ScheduledSidebarLink userIndex={userIndex} onNavigate={onNavigate} />
            <SavedSearchList userIndex={userIndex} onNavigate={onNavigate} />
            {contactsEnabled ? (
              <ContactsPanel
                userIndex={userIndex}
                open={contactsPanel.open}
                onToggle={contactsPanel.toggle}
              />
            ) : (
              details && <GatedContactsPanel userIndex={userIndex} onNavigate={onNavigate} />
            )}
          </>
        }
      />
    </Box>
  );
}
