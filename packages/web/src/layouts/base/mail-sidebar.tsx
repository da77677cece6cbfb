import Box from '@mui/material/Box';
import type { DisabledFeature, UserDetails } from '@webmail/contracts';
import { ScheduledSidebarLink } from '../../features/compose/components/scheduled-sidebar-link';
import { ContactsPanel } from '../../features/contacts/components/contacts-panel';
import { FolderSidebar } from '../../features/mailboxes/components/folder-sidebar';
import { SavedSearchList } from '../../features/search/components/saved-search-list';
import type { MessageDragPayload } from '../../shared/dnd/message-drag';
import { useTranslation } from '../../shared/i18n/translation';
import { ComposeButton } from './compose-button';
import { GatedContactsPanel } from './gated-contacts-panel';

interface MailSidebarProps {
  userIndex: number;
  selectedMailboxId: string | undefined;
  /** Undefined until the user details arrive (or when they fail). */
  details: UserDetails | undefined;
  disabledFeatures: readonly DisabledFeature[];
  contactsPanel: { open: boolean; toggle: () => void };
  onDropMessages: (targetId: string, payload: MessageDragPayload) => void;
  onNavigate: () => void;
}

/**
 * The sidebar outside settings: compose, the folders and the storage bar, below them the scheduled messages, the
 * saved searches and the contacts panel (or its upgrade label when the plan leaves contacts out). In a landmark of
 * its own (the footer below it is one).
 */
export function MailSidebar({
  userIndex,
  selectedMailboxId,
  details,
  disabledFeatures,
  contactsPanel,
  onDropMessages,
  onNavigate,
}: MailSidebarProps) {
  const { t } = useTranslation('common');
  const contactsEnabled = !disabledFeatures.includes('contacts');
  return (
    <Box role="region" aria-label={t('sidebar')}>
      <ComposeButton userIndex={userIndex} onNavigate={onNavigate} />
      <FolderSidebar
        userIndex={userIndex}
        selectedMailboxId={selectedMailboxId}
        onNavigate={onNavigate}
        foldersEnabled={!disabledFeatures.includes('folders')}
        onDropMessages={onDropMessages}
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
