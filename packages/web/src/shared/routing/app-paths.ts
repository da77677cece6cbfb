import { generatePath, matchPath, type PathParam } from 'react-router';

/**
 * The app's pages: route name → path pattern. The router is built from these patterns (each route object carries
 * its name in `handle.name`), and every link and navigation builds its address from them with `appHref`, so a
 * path is written once. Names follow the product's route list; only the routes this build serves are here.
 */
export const appPaths = {
  AuthLayout: '/login',
  AuthLoginUserSelect: '/login',
  AuthLoginPassword: '/login/password',
  Auth2FA: '/login/2fa',
  AuthTotp: '/login/2fa/totp',
  AuthWebauthn: '/login/2fa/webauthn',
  BaseLayout: '/u/:userIndex',
  Mailbox: '/u/:userIndex/:mailboxId',
  MailboxThread: '/u/:userIndex/:mailboxId/:threadId/:messageId',
  MailboxSearch: '/u/:userIndex/search',
  MailboxSearchThread: '/u/:userIndex/search/:mailboxId/:threadId/:messageId',
  Compose: '/u/:userIndex/compose/:draftId?',
  Scheduled: '/u/:userIndex/scheduled',
  SettingsLayout: '/u/:userIndex/settings',
  Account: '/u/:userIndex/settings/account',
  OutgoingAddresses: '/u/:userIndex/settings/account/addresses',
  General: '/u/:userIndex/settings/general',
  Appearance: '/u/:userIndex/settings/appearance',
  Folders: '/u/:userIndex/settings/folders',
  Contacts: '/u/:userIndex/settings/contacts',
  ContactsAddressBooks: '/u/:userIndex/settings/contacts/addressbooks',
  ContactsList: '/u/:userIndex/settings/contacts/contacts',
  ContactsGroups: '/u/:userIndex/settings/contacts/groups',
  Security: '/u/:userIndex/settings/security',
  Settings2FA: '/u/:userIndex/settings/security/2fa',
  ApplicationPasswords: '/u/:userIndex/settings/security/asps',
  AccountPassword: '/u/:userIndex/settings/security/password',
  Events: '/u/:userIndex/settings/security/events',
  ExternalContent: '/u/:userIndex/settings/security/content',
  Filters: '/u/:userIndex/settings/filters',
  Signature: '/u/:userIndex/settings/signatures',
  SignatureEdit: '/u/:userIndex/settings/signatures/edit/:signatureId?',
  Autoreply: '/u/:userIndex/settings/autoreply',
  Upgrade: '/u/:userIndex/settings/upgrade',
  BaseLayoutTab: '/u/:userIndex/tab',
  ComposeTab: '/u/:userIndex/tab/compose/:draftId?',
  MailboxSource: '/u/:userIndex/tab/:mailboxId/messages/:messageId/source',
  MailboxPrint: '/u/:userIndex/tab/:mailboxId/messages/:messageId/print',
  MailboxThreadPrint: '/u/:userIndex/tab/:mailboxId/:threadId/print',
  MailboxThreadTab: '/u/:userIndex/tab/:mailboxId/:threadId/:messageId',
} as const;

export type RouteName = keyof typeof appPaths;

/**
 * A page's title (`{title} - Webmail`): a catalogue key with its namespace (`settings:title`), or `page` where the
 * page sets it from what it shows (a folder's name, a subject: `usePageTitle`).
 */
export type RouteTitle = `${string}:${string}` | 'page';

/** What every route object carries in `handle`; every route that shows a page has its title. */
export interface RouteHandle {
  name?: RouteName;
  title?: RouteTitle;
}

type ParamValue = string | number | null | undefined;
export type RouteParams<N extends RouteName> = { [K in PathParam<(typeof appPaths)[N]>]: ParamValue };
export type QueryValues = Record<string, string | number | undefined>;

/**
 * The address of a page: its pattern with the params filled in (each percent-encoded: mailbox and thread ids are
 * opaque), and the query values that are set.
 */
export function appHref<N extends RouteName>(
  name: N,
  params: RouteParams<N>,
  query: QueryValues = {},
): string {
  const values = Object.fromEntries(
    Object.entries(params as Record<string, ParamValue>).map(([key, value]) => [
      key,
      value === null || value === undefined || value === '' ? null : String(value),
    ]),
  );
  const path = generatePath(appPaths[name] as string, values);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** Whether `pathname` is this page or lies below it (`/u/0/settings/folders` is within SettingsLayout). */
export function isWithin(name: RouteName, pathname: string): boolean {
  return matchPath({ path: appPaths[name], end: false }, pathname) !== null;
}

/** The params of `pathname` read with a page's pattern (`end: false`: deeper addresses match too), or null. */
export function paramsWithin<N extends RouteName>(
  name: N,
  pathname: string,
): Record<string, string | undefined> | null {
  return matchPath({ path: appPaths[name], end: false }, pathname)?.params ?? null;
}
