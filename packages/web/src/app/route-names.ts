/** Route names of spec §2 that this build serves; every route object carries one in `handle.name`. */
export const routeNames = {
  authLayout: 'AuthLayout',
  authLoginUserSelect: 'AuthLoginUserSelect',
  authLoginPassword: 'AuthLoginPassword',
  auth2FA: 'Auth2FA',
  authTotp: 'AuthTotp',
  authWebauthn: 'AuthWebauthn',
  baseLayout: 'BaseLayout',
  mailbox: 'Mailbox',
  mailboxThread: 'MailboxThread',
  compose: 'Compose',
  composeTab: 'ComposeTab',
  baseLayoutTab: 'BaseLayoutTab',
  mailboxThreadTab: 'MailboxThreadTab',
  mailboxSource: 'MailboxSource',
  mailboxPrint: 'MailboxPrint',
  mailboxThreadPrint: 'MailboxThreadPrint',
  settingsLayout: 'SettingsLayout',
  folders: 'Folders',
  security: 'Security',
  externalContent: 'ExternalContent',
} as const;

export type RouteName = (typeof routeNames)[keyof typeof routeNames];

export interface RouteHandle {
  name: RouteName;
}
