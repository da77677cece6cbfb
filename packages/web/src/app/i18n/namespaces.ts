/**
 * One namespace per feature (conventions §9). The files live in `src/locales/{lang}/{namespace}.json`;
 * the server merges them into one catalogue per language (`GET /api/translations/{lang}/root.webmail`).
 */
export const namespaces = [
  'common',
  'errors',
  'auth',
  'accounts',
  'mailboxes',
  'messages',
  'reading',
  'settings',
  'compose',
] as const;
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace: Namespace = 'common';
