import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { AccountProviders } from '../account-providers';
import { Outlet } from 'react-router';
import { AccountMenu } from '../../features/accounts/components/account-menu';
import { useMe } from '../../features/auth/api/get-me';
import { useUserDetails } from '../../features/settings/api/get-user-details';
import { StoredSettings } from '../../features/settings/components/stored-settings';
import { hasActiveSession, userHomePath } from '../../shared/session/session';
import { useUserIndex } from '../../shared/session/use-user-index';
import { BrandLink } from '../../shared/ui/brand-link';
import { OfflineBanner } from '../../shared/ui/offline-banner';

/**
 * Route BaseLayoutTab (/u/:userIndex/tab): pages opened in a browser tab of their own (a conversation, a message's
 * source, print views). No sidebar and no app chrome: a slim bar with the product logo (home, as in the base
 * layout) and the account, which print leaves out. The session rule applies as in the base layout (its loader).
 */

export function TabLayout() {
  const userIndex = useUserIndex();
  const me = useMe(userIndex);
  const homeHref = hasActiveSession(userIndex) ? userHomePath(userIndex) : null;
  const contactsEnabled = !useUserDetails(userIndex).data?.disabledFeatures.includes('contacts');
  return (
    <AccountProviders userIndex={userIndex} contactsEnabled={contactsEnabled}>
      <Box
        sx={{
          height: '100dvh',
          display: 'flex',
          flexDirection: 'column',
          bgcolor: 'background.paper',
          '@media print': { height: 'auto', display: 'block' },
        }}
      >
        <StoredSettings userIndex={userIndex} />
        <AppBar
          position="static"
          sx={{
            bgcolor: 'background.default',
            backgroundImage: 'none',
            borderBottom: 1,
            borderColor: 'divider',
            displayPrint: 'none',
          }}
        >
          <Toolbar variant="dense" sx={{ minHeight: 52, gap: 1, px: { xs: 1, sm: 2 } }}>
            <BrandLink homeHref={homeHref} compact />
            <Box sx={{ flex: 1 }} />
            <AccountMenu userIndex={userIndex} user={me.data} />
          </Toolbar>
        </AppBar>
        <OfflineBanner context="mail" />
        <Box
          component="main"
          sx={{
            flex: 1,
            minHeight: 0,
            overflowY: 'auto',
            display: 'flex',
            '@media print': { overflow: 'visible' },
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
    </AccountProviders>
  );
}
