import Box from '@mui/material/Box';
import { useCallback, useId, useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { AccountMenu } from '../../features/accounts/components/account-menu';
import { useMe } from '../../features/auth/api/get-me';
import { FolderSidebar } from '../../features/mailboxes/components/folder-sidebar';
import { hasActiveSession, userHomePath } from '../../shared/session/session';
import { useUserIndex } from '../../shared/session/use-user-index';
import { AppTopBar } from './app-top-bar';
import { SidebarDrawer } from './sidebar-drawer';
import { SidebarHeader } from './sidebar-header';

/**
 * Layout of a signed-in user's pages (route BaseLayout, /u/:userIndex): app bar, folder sidebar, content.
 * `/auth/me` is polled every 15 minutes while it is open (spec §9): a session ended elsewhere shows up as a 401,
 * which the API client turns into the sign-out flow.
 */
export function BaseLayout() {
  const userIndex = useUserIndex();
  const { mailboxId } = useParams();
  const me = useMe(userIndex);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const sidebarId = useId();
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  // Spec §2: the logo links to the current user's base layout, or to nothing without an active session (the
  // session can end while the page is open, in another tab).
  const homeHref = hasActiveSession(userIndex) ? userHomePath(userIndex) : null;

  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppTopBar
        homeHref={homeHref}
        onOpenSidebar={() => setSidebarOpen(true)}
        sidebarOpen={sidebarOpen}
        sidebarId={sidebarId}
        onLogoClick={closeSidebar}
        account={<AccountMenu userIndex={userIndex} user={me.data} />}
      />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
        <SidebarDrawer
          id={sidebarId}
          open={sidebarOpen}
          onClose={closeSidebar}
          mobileHeader={<SidebarHeader homeHref={homeHref} onNavigate={closeSidebar} />}
        >
          <FolderSidebar userIndex={userIndex} selectedMailboxId={mailboxId} onNavigate={closeSidebar} />
        </SidebarDrawer>
        <Box
          component="main"
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            bgcolor: 'background.paper',
            borderRadius: { md: '16px 16px 0 0' },
            mr: { md: 2 },
            overflow: 'hidden',
          }}
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
