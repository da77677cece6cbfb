import 'i18next';
import type accounts from '../../locales/en/accounts.json';
import type auth from '../../locales/en/auth.json';
import type common from '../../locales/en/common.json';
import type compose from '../../locales/en/compose.json';
import type errors from '../../locales/en/errors.json';
import type mailboxes from '../../locales/en/mailboxes.json';
import type messages from '../../locales/en/messages.json';
import type reading from '../../locales/en/reading.json';
import type settings from '../../locales/en/settings.json';

// Keys are checked at compile time against the English catalogue; the locale test keeps the others complete.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      auth: typeof auth;
      accounts: typeof accounts;
      mailboxes: typeof mailboxes;
      messages: typeof messages;
      reading: typeof reading;
      settings: typeof settings;
      compose: typeof compose;
    };
  }
}
