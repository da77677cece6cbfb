import type accounts from '../../locales/en/accounts.json';
import type auth from '../../locales/en/auth.json';
import type common from '../../locales/en/common.json';
import type compose from '../../locales/en/compose.json';
import type contacts from '../../locales/en/contacts.json';
import type editor from '../../locales/en/editor.json';
import type errors from '../../locales/en/errors.json';
import type events from '../../locales/en/events.json';
import type filters from '../../locales/en/filters.json';
import type mailboxes from '../../locales/en/mailboxes.json';
import type messages from '../../locales/en/messages.json';
import type onboarding from '../../locales/en/onboarding.json';
import type pwa from '../../locales/en/pwa.json';
import type reading from '../../locales/en/reading.json';
import type search from '../../locales/en/search.json';
import type security from '../../locales/en/security.json';
import type settings from '../../locales/en/settings.json';
import type signatures from '../../locales/en/signatures.json';
import type upgrade from '../../locales/en/upgrade.json';
import type feedback from '../../locales/en/feedback.json';
import type about from '../../locales/en/about.json';
import type shortcuts from '../../locales/en/shortcuts.json';
import type unsubscribe from '../../locales/en/unsubscribe.json';
import type snooze from '../../locales/en/snooze.json';

/**
 * The namespace registration: one namespace per feature (and per shared piece with words of its own: `shortcuts`,
 * `pwa`, `editor`), its files in `src/locales/{lang}/{namespace}.json`
 * (the server merges them into one catalogue per language, `GET /api/translations/{lang}/root.webmail`). Keys are
 * checked at compile time against the English files (`i18next.d.ts`); the locale test keeps the others complete.
 */
export interface NamespaceResources {
  common: typeof common;
  errors: typeof errors;
  auth: typeof auth;
  accounts: typeof accounts;
  mailboxes: typeof mailboxes;
  messages: typeof messages;
  reading: typeof reading;
  settings: typeof settings;
  security: typeof security;
  signatures: typeof signatures;
  compose: typeof compose;
  search: typeof search;
  pwa: typeof pwa;
  events: typeof events;
  contacts: typeof contacts;
  filters: typeof filters;
  onboarding: typeof onboarding;
  upgrade: typeof upgrade;
  feedback: typeof feedback;
  about: typeof about;
  shortcuts: typeof shortcuts;
  editor: typeof editor;
  unsubscribe: typeof unsubscribe;
  snooze: typeof snooze;
}

export const namespaces = [
  'common',
  'errors',
  'auth',
  'accounts',
  'mailboxes',
  'messages',
  'reading',
  'settings',
  'security',
  'signatures',
  'compose',
  'search',
  'pwa',
  'events',
  'contacts',
  'filters',
  'onboarding',
  'upgrade',
  'feedback',
  'about',
  'shortcuts',
  'editor',
  'unsubscribe',
  'snooze',
] as const satisfies readonly (keyof NamespaceResources)[];
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace: Namespace = 'common';

/** Fails to compile when a namespace has resources but is not in the list (it would never be loaded). */
export const everyNamespaceListed: Exclude<keyof NamespaceResources, Namespace> extends never ? true : never =
  true;
