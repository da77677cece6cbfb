import type { RouteObject } from 'react-router';
import { requireSession } from './require-session';
import { RouteAreaError } from './route-area-error';
import { routeEntry } from './route-entry';
import { settingsAreaRoutes } from './settings-area.routes';

/**
 * A signed-in user's pages (route BaseLayout, /u/{i}): the mailbox with its reading pane, search results, the
 * composer, settings.
 * The loader applies the session rule on every navigation.
 */
export const mailAreaRoutes: RouteObject = {
  ...routeEntry('BaseLayout'),
  loader: requireSession,
  shouldRevalidate: () => true,
  lazy: async () => ({ Component: (await import('../../layouts/base/base-layout')).BaseLayout }),
  children: [
    {
      ErrorBoundary: RouteAreaError,
      children: [
        {
          index: true,
          // Only on its way to the Inbox.
          handle: { title: 'mailboxes:specialUse.inbox' },
          lazy: async () => ({ Component: (await import('./inbox-redirect.route')).InboxRedirectRoute }),
        },
        settingsAreaRoutes,
        {
          // Static, so it ranks above `:mailboxId`.
          ...routeEntry('Compose', 'compose:newMessage'),
          lazy: async () => ({ Component: (await import('./compose.route')).ComposeRoute }),
        },
        {
          // Static, so it ranks above `:mailboxId`.
          ...routeEntry('Scheduled', 'compose:later.folder'),
          lazy: async () => ({ Component: (await import('./scheduled.route')).ScheduledRoute }),
        },
        {
          // Static, so it ranks above `:mailboxId`.
          ...routeEntry('MailboxSearch', 'page'),
          lazy: async () => ({ Component: (await import('./mailbox-search.route')).MailboxSearchRoute }),
          children: [
            {
              ...routeEntry('MailboxSearchThread', 'page'),
              lazy: async () => ({
                Component: (await import('./mailbox-search-thread.route')).MailboxSearchThreadRoute,
              }),
            },
          ],
        },
        {
          ...routeEntry('Mailbox', 'page'),
          lazy: async () => ({ Component: (await import('./mailbox.route')).MailboxRoute }),
          children: [
            {
              ...routeEntry('MailboxThread', 'page'),
              lazy: async () => ({ Component: (await import('./mailbox-thread.route')).MailboxThreadRoute }),
            },
          ],
        },
      ],
    },
  ],
};
