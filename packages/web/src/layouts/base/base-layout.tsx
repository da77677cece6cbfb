import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useId, useMemo, useState } from 'react';
import { AccountProviders } from '../account-providers';
import { Outlet, useLocation, useParams, useSearchParams } from 'react-router';
import { LiveEvents } from '../../features/events/components/live-events';
import { AccountMenu } from '../../features/accounts/components/account-menu';
import { ContactsPanel } from '../../features/contacts/components/contacts-panel';
import { useMe } from '../../features/auth/api/get-me';
import { useMailboxTree } from '../../features/mailboxes/api/get-mailbox-tree';
import { FolderSidebar } from '../../features/mailboxes/components/folder-sidebar';
import { ScheduledSidebarLink } from '../../features/compose/components/scheduled-sidebar-link';
import { useRunMassAction } from '../../features/messages/api/mass-action';
import { useRunSearchAction } from '../../features/search/api/search-mass-action';
import { SavedSearchList } from '../../features/search/components/saved-search-list';
import { SearchBar } from '../../features/search/components/search-bar';
import { AutoreplyBanner } from '../../features/filters/components/autoreply-banner';
import { CreateFilterFromSearchButton } from '../../features/filters/components/filter-creation';
import { useUserDetails } from '../../features/settings/api/get-user-details';
import { QuickSettingsDrawer } from '../../features/settings/components/quick-settings-drawer';
import { StoredSettings } from '../../features/settings/components/stored-settings';
import { Onboarding } from '../../features/onboarding/components/onboarding';
import { useSidePanelWidth } from '../../features/settings/api/side-panel-width';
import { isWithin } from '../../shared/routing/app-paths';
import type { MessageDragPayload } from '../../shared/dnd/message-drag';
import { useTranslation } from '../../shared/i18n/translation';
import { hasActiveSession, userHomePath } from '../../shared/session/session';
import { useUserIndex } from '../../shared/session/use-user-index';
import { SettingsNav } from '../settings/settings-nav';
import { settingsPath, useSettingsLocation, useSettingsPageLabel } from '../settings/settings-pages';
import { AppShortcuts } from './app-shortcuts';
import { AppTopBar } from './app-top-bar';
import { BackToInboxButton } from './back-to-inbox-button';
import { ComposeButton } from './compose-button';
import { ComposeFab } from './compose-fab';
import { SidebarDrawer } from './sidebar-drawer';
import { ShellDialogs, SidebarFooter, type ShellDialog } from './sidebar-footer';
import { GatedContactsPanel } from './gated-contacts-panel';
import { searchScopesOf } from './search-scopes';
import { SidebarHeader } from './sidebar-header';
import { useContactsPanelOpen } from './use-contacts-panel-open';
import { OfflineBanner } from '../../shared/ui/offline-banner';
import { SnoozeActions } from '../../features/snooze/components/snooze-actions';
import { SkipLink } from '../../shared/ui/skip-link';

/**
 * Layout of a signed-in user's pages (route BaseLayout, /u/:userIndex): app bar, sidebar, content. The sidebar
 * holds the compose button and the folders, or in settings the back-to-inbox button and the settings list.
 * `/auth/me` is polled every 15 minutes while it is open: a session ended elsewhere shows up as a 401,
 * which the API client turns into the sign-out flow. The user's live events (`LiveEvents`) run while it is open.
 */
export function BaseLayout() {
  const userIndex = useUserIndex();
  const { mailboxId, threadId } = useParams();
  const { t } = useTranslation('settings');
  const { t: tMailboxes } = useTranslation('mailboxes');
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
  const tree = useMailboxTree(userIndex).data;
  const scopes = useMemo(() => searchScopesOf(tree ?? [], tMailboxes), [tree, tMailboxes]);
  // Search results are dragged from the results page: their drops run that search's action.
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const pageSearch = isWithin('MailboxSearch', pathname) ? (params.get('search') ?? '') : '';
  const runSearchAction = useRunSearchAction(userIndex, pageSearch);
  const settings = useSettingsLocation();
  const pageLabel = useSettingsPageLabel();
  const runMassAction = useRunMassAction(userIndex);
  const sidePanel = useSidePanelWidth(userIndex);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [shellDialog, setShellDialog] = useState<ShellDialog | null>(null);
  const sidebarId = useId();
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  const [quickSettingsOpen, setQuickSettingsOpen] = useState(false);
  const quickSettingsId = useId();
  // The logo links to the current user's base layout, or to nothing without an active session (the
  // session can end while the page is open, in another tab).
  const active = hasActiveSession(userIndex);
  const homeHref = active ? userHomePath(userIndex) : null;

  const dropMessages = useCallback(
    (targetId: string, payload: MessageDragPayload) => {
      const input = {
        action: 'move' as const,
        mailboxId: payload.mailboxId,
        messageIds: payload.messageIds,
        moveToTarget: targetId,
      };
      if (payload.search !== undefined && payload.search === pageSearch) {
        runSearchAction({ ...input, refs: payload.refs ?? [] });
      } else {
        runMassAction(input);
      }
    },
    [runMassAction, runSearchAction, pageSearch],
  );

  // A settings page on a small screen shows a back arrow and its title in the app bar.
  const back =
    small && settings.page
      ? {
          href: settingsPath(userIndex),
          label: t('backToSettings'),
          title: pageLabel(settings.page),
        }
      : null;

  return (
    <AccountProviders userIndex={userIndex} contactsEnabled={contactsEnabled}>
      <Box
        sx={{
          height: '100dvh',
          display: 'flex',
          flexDirection: 'column',
          bgcolor: 'background.default',
        }}
      >
        {!settings.inSettings && <SkipLink label={tCommon('skipToMessages')} />}
        <LiveEvents userIndex={userIndex} />
        <StoredSettings userIndex={userIndex} />
        {active && <AppShortcuts userIndex={userIndex} />}
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
              <SearchBar
                userIndex={userIndex}
                timeZone={details?.timezone ?? null}
                address={me.data?.email ?? details?.address ?? null}
                scopes={scopes}
                filterCreation={
                  details && !disabledFeatures.includes('filters')
                    ? (form, close) => <CreateFilterFromSearchButton search={form} onOpen={close} />
                    : undefined
                }
              />
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
              <Box role="region" aria-label={t('title')}>
                <BackToInboxButton userIndex={userIndex} onNavigate={closeSidebar} />
                <SettingsNav
                  userIndex={userIndex}
                  disabledFeatures={disabledFeatures}
                  variant="sidebar"
                  onNavigate={closeSidebar}
                />
              </Box>
            ) : (
              // Compose, the folders and the storage bar in a landmark of their own (the footer below is one).
              <Box role="region" aria-label={tCommon('sidebar')}>
                <ComposeButton userIndex={userIndex} onNavigate={closeSidebar} />
                <FolderSidebar
                  userIndex={userIndex}
                  selectedMailboxId={mailboxId}
                  onNavigate={closeSidebar}
                  foldersEnabled={!disabledFeatures.includes('folders')}
                  onDropMessages={dropMessages}
                  detailsQuota={details?.quota}
                  below={
                    <>
                      <ScheduledSidebarLink userIndex={userIndex} onNavigate={closeSidebar} />
                      <SavedSearchList userIndex={userIndex} onNavigate={closeSidebar} />
                      {contactsEnabled ? (
                        <ContactsPanel
                          userIndex={userIndex}
                          open={contactsPanel.open}
                          onToggle={contactsPanel.toggle}
                        />
                      ) : (
                        details && <GatedContactsPanel userIndex={userIndex} onNavigate={closeSidebar} />
                      )}
                    </>
                  }
                />
              </Box>
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
          <Box
            component="main"
            id="main"
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
            {/* Snooze needs the server to act with the owner away: not offered where it cannot. */}
            <SnoozeActions
              userIndex={userIndex}
              available={!details?.unavailableFeatures?.some((entry) => entry.feature === 'snooze')}
            >
              <Outlet />
            </SnoozeActions>
            {/* Phones: compose from a folder's list without opening the drawer (not over a conversation or the
                composer). In the main landmark, where the page's content is; it floats, so its place in the page
                does not matter for the eye. */}
            {small && mailboxId && !threadId && <ComposeFab userIndex={userIndex} />}
          </Box>
        </Box>
        <QuickSettingsDrawer
          userIndex={userIndex}
          id={quickSettingsId}
          open={quickSettingsOpen}
          onClose={() => setQuickSettingsOpen(false)}
        />
        {active && <Onboarding userIndex={userIndex} />}
        <ShellDialogs userIndex={userIndex} open={shellDialog} onClose={() => setShellDialog(null)} />
      </Box>
    </AccountProviders>
  );
}
