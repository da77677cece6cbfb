import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { memo, useCallback, useId, useState } from 'react';
import { AccountProviders } from '../account-providers';
import { useParams } from 'react-router';
import { LiveEvents } from '../../features/events/components/live-events';
import { AccountMenu } from '../../features/accounts/components/account-menu';
import { useMe } from '../../features/auth/api/get-me';
import { useMailboxTree } from '../../features/mailboxes/api/get-mailbox-tree';
import { AutoreplyBanner } from '../../features/filters/components/autoreply-banner';
import { useUserDetails } from '../../features/settings/api/get-user-details';
import { QuickSettingsDrawer } from '../../features/settings/components/quick-settings-drawer';
import { StoredSettings } from '../../features/settings/components/stored-settings';
import { Onboarding } from '../../features/onboarding/components/onboarding';
import { useSidePanelWidth } from '../../features/settings/api/side-panel-width';
import { useTranslation } from '../../shared/i18n/translation';
import { hasActiveSession, userHomePath } from '../../shared/session/session';
import { useUserIndex } from '../../shared/session/use-user-index';
import { useSettingsLocation } from '../settings/settings-pages';
import { AppShortcuts } from './app-shortcuts';
import { AppTopBar } from './app-top-bar';
import { SidebarDrawer } from './sidebar-drawer';
import { ShellDialogs, SidebarFooter, type ShellDialog } from './sidebar-footer';
import { SidebarHeader } from './sidebar-header';
import { useContactsPanelOpen } from './use-contacts-panel-open';
import { useSettingsBack } from './use-settings-back';
import { MailSidebar } from './mail-sidebar';
import { ShellMain } from './shell-main';
import { ShellSearchBar } from './shell-search-bar';
import { SettingsSidebar } from './settings-sidebar';
import { OfflineBanner } from '../../shared/ui/offline-banner';
import { SkipLink } from '../../shared/ui/skip-link';

/*
 * The layout re-renders whenever one of its queries (me, details, the folder tree) arrives, and TanStack Query's
 * answers re-render synchronously (useSyncExternalStore), in one task. These pieces take only the user's index (and
 * stable callbacks): memoized, they skip those re-renders. On Lighthouse's mobile load of the mailbox they were a
 * good part of the layout's re-render tasks.
 */
const MemoLiveEvents = memo(LiveEvents);
const MemoStoredSettings = memo(StoredSettings);
const MemoAppShortcuts = memo(AppShortcuts);
const MemoQuickSettingsDrawer = memo(QuickSettingsDrawer);
const MemoOnboarding = memo(Onboarding);
const MemoShellDialogs = memo(ShellDialogs);

/**
 * Layout of a signed-in user's pages (route BaseLayout, /u/:userIndex): app bar, sidebar, content. The sidebar
 * holds the compose button and the folders, or in settings the back-to-inbox button and the settings list.
 * `/auth/me` is polled every 15 minutes while it is open: a session ended elsewhere shows up as a 401,
 * which the API client turns into the sign-out flow. The user's live events (`LiveEvents`) run while it is open.
 */
export function BaseLayout() {
  const userIndex = useUserIndex();
  const { mailboxId, threadId } = useParams();
  const { t: tCommon } = useTranslation('common');
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const me = useMe(userIndex);
  // Until the details arrive (or when they fail) nothing counts as disabled: the server refuses what the plan
  // does not allow anyway.
  const details = useUserDetails(userIndex).data;
  const disabledFeatures = details?.disabledFeatures ?? [];
  const contactsEnabled = !disabledFeatures.includes('contacts');
  const contactsPanel = useContactsPanelOpen(userIndex);
  // Read here, not in the search bar: the tree stays observed while settings show (the bar is not there).
  const tree = useMailboxTree(userIndex).data;
  const settings = useSettingsLocation();
  const sidePanel = useSidePanelWidth(userIndex);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [shellDialog, setShellDialog] = useState<ShellDialog | null>(null);
  const sidebarId = useId();
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  const [quickSettingsOpen, setQuickSettingsOpen] = useState(false);
  const quickSettingsId = useId();
  const closeQuickSettings = useCallback(() => setQuickSettingsOpen(false), []);
  const closeShellDialog = useCallback(() => setShellDialog(null), []);
  // The logo links to the current user's base layout, or to nothing without an active session (the
  // session can end while the page is open, in another tab).
  const active = hasActiveSession(userIndex);
  const homeHref = active ? userHomePath(userIndex) : null;

  const back = useSettingsBack(userIndex, small);

  return (
    <AccountProviders userIndex={userIndex} contactsEnabled={contactsEnabled}>
      <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        {!settings.inSettings && <SkipLink label={tCommon('skipToMessages')} />}
        <MemoLiveEvents userIndex={userIndex} />
        <MemoStoredSettings userIndex={userIndex} />
        {active && <MemoAppShortcuts userIndex={userIndex} />}
        <AppTopBar
          homeHref={homeHref}
          onOpenSidebar={() => setSidebarOpen(true)}
          sidebarOpen={sidebarOpen}
          sidebarId={sidebarId}
          onLogoClick={closeSidebar}
          account={<AccountMenu userIndex={userIndex} user={me.data} />}
          quickSettings={
            active
              ? {
                  open: quickSettingsOpen,
                  drawerId: quickSettingsId,
                  onOpen: () => setQuickSettingsOpen(true),
                }
              : null
          }
          back={back}
          search={
            active && !settings.inSettings ? (
              <ShellSearchBar userIndex={userIndex} details={details} email={me.data?.email} tree={tree} />
            ) : null
          }
        />
        <OfflineBanner context="mail" />
        {details && !disabledFeatures.includes('autoreply') && !settings.inSettings && (
          <AutoreplyBanner userIndex={userIndex} />
        )}
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
          <SidebarDrawer
            id={sidebarId}
            open={sidebarOpen}
            onClose={closeSidebar}
            width={sidePanel.width}
            onWidthChange={sidePanel.setWidth}
            mobileHeader={<SidebarHeader homeHref={homeHref} onNavigate={closeSidebar} />}
          >
            {settings.inSettings ? (
              <SettingsSidebar
                userIndex={userIndex}
                disabledFeatures={disabledFeatures}
                onNavigate={closeSidebar}
              />
            ) : (
              <MailSidebar
                userIndex={userIndex}
                details={details}
                contactsPanel={contactsPanel}
                onNavigate={closeSidebar}
              />
            )}
            <SidebarFooter
              userIndex={userIndex}
              upgradable={disabledFeatures.length > 0}
              onNavigate={closeSidebar}
              onOpenDialog={(dialog) => {
                closeSidebar();
                setShellDialog(dialog);
              }}
            />
          </SidebarDrawer>
          <ShellMain
            userIndex={userIndex}
            details={details}
            showComposeFab={small && !!mailboxId && !threadId}
          />
        </Box>
        <MemoQuickSettingsDrawer
          userIndex={userIndex}
          id={quickSettingsId}
          open={quickSettingsOpen}
          onClose={closeQuickSettings}
        />
        {active && <MemoOnboarding userIndex={userIndex} />}
        <MemoShellDialogs userIndex={userIndex} open={shellDialog} onClose={closeShellDialog} />
      </Box>
    </AccountProviders>
  );
}
