import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref, isWithin } from '../../../shared/routing/app-paths';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { AddressBooksSection } from './address-books-section';
import { ContactsTableSection } from './contacts-table-section';
import { GroupsSection } from './groups-section';

const sections = [
  { route: 'ContactsAddressBooks', label: 'settings.tabs.addressBooks' },
  { route: 'ContactsList', label: 'settings.tabs.contacts' },
  { route: 'ContactsGroups', label: 'settings.tabs.groups' },
] as const;

/**
 * Settings → Contacts (route Contacts, /u/{i}/settings/contacts) with its three pages: address books, contacts,
 * groups. One component serves all three (tabs link them); the dialogs come from the layout's provider.
 */
export function ContactsSettingsPage() {
  const { t } = useTranslation('contacts');
  const userIndex = useUserIndex();
  const { pathname } = useLocation();
  const current = sections.find((s) => isWithin(s.route, pathname)) ?? sections[0];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Tabs
        value={current.route}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {sections.map((section) => (
          <Tab
            key={section.route}
            value={section.route}
            label={t(section.label)}
            component={RouterLink}
            to={appHref(section.route, { userIndex })}
          />
        ))}
      </Tabs>
      {current.route === 'ContactsAddressBooks' && <AddressBooksSection userIndex={userIndex} />}
      {current.route === 'ContactsList' && <ContactsTableSection userIndex={userIndex} />}
      {current.route === 'ContactsGroups' && <GroupsSection userIndex={userIndex} />}
    </Box>
  );
}
