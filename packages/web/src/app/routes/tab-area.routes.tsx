import type { RouteObject } from 'react-router';
import { requireSession } from './require-session';
import { RouteAreaError } from './route-area-error';
import { routeEntry, routeHandle } from './route-entry';

/**
 * The tab layout (route BaseLayoutTab, /u/{i}/tab): pages opened in a browser tab of their own, without the app
 * chrome, under the same session rule as the base layout. `tab` is a static segment, so it ranks above
 * `:mailboxId`.
 */
export const tabAreaRoutes: RouteObject = {
  ...routeEntry('BaseLayoutTab'),
  loader: requireSession,
  shouldRevalidate: () => true,
  lazy: async () => ({ Component: (await import('../../layouts/tab/tab-layout')).TabLayout }),
  children: [
    {
      ErrorBoundary: RouteAreaError,
      children: [
        {
          // The tab route itself (where onboarding ends) has no page of its own: it goes on to the inbox,
          // whose page sets the title.
          index: true,
          handle: routeHandle('BaseLayoutTab', 'page'),
          lazy: async () => ({ Component: (await import('./inbox-redirect.route')).InboxRedirectRoute }),
        },
        {
          ...routeEntry('ComposeTab', 'compose:newMessage'),
          lazy: async () => ({ Component: (await import('./compose-tab.route')).ComposeTabRoute }),
        },
        {
          ...routeEntry('MailboxSource', 'reading:source.title'),
          lazy: async () => ({ Component: (await import('./mailbox-source.route')).MailboxSourceRoute }),
        },
        {
          ...routeEntry('MailboxPrint', 'page'),
          lazy: async () => ({ Component: (await import('./mailbox-print.route')).MailboxPrintRoute }),
        },
        {
          ...routeEntry('MailboxThreadPrint', 'page'),
          lazy: async () => ({
            Component: (await import('./mailbox-print.route')).MailboxThreadPrintRoute,
          }),
        },
        {
          ...routeEntry('MailboxThreadTab', 'page'),
          lazy: async () => ({
            Component: (await import('./mailbox-thread-tab.route')).MailboxThreadTabRoute,
          }),
        },
      ],
    },
  ],
};
