import { oidcMigrations } from './features/auth/oidc/oidc.migrations.js';
import { composeMigrations } from './features/compose/compose.migrations.js';
import { sendLaterMigrations } from './features/compose/send-later.migrations.js';
import { contactsMigrations } from './features/contacts/contacts.migrations.js';
import { feedbackMigrations } from './features/feedback/feedback.migrations.js';
import { filtersMigrations } from './features/filters/filters.migrations.js';
import { searchMigrations } from './features/search/search.migrations.js';
import { securityMigrations } from './features/security/security.migrations.js';
import { outgoingAddressesMigrations } from './features/settings/outgoing-addresses.migrations.js';
import { settingsMigrations } from './features/settings/settings.migrations.js';
import { snoozeMigrations } from './features/snooze/snooze.migrations.js';
import { upgradeMigrations } from './features/upgrade/upgrade.migrations.js';
import { baseMigrations } from './infra/db/migrations.js';
import { eventLogMigrations } from './infra/events/event-log.migrations.js';
import { folderIdsMigrations } from './mail/folder-ids.migrations.js';
import { ownerMailMigrations } from './mail/owner-mail.migrations.js';

/** Every migration of every owner, in one numbered sequence. */
export const migrations = {
  ...baseMigrations,
  ...composeMigrations,
  ...eventLogMigrations,
  ...contactsMigrations,
  ...securityMigrations,
  ...searchMigrations,
  ...settingsMigrations,
  ...filtersMigrations,
  ...outgoingAddressesMigrations,
  ...upgradeMigrations,
  ...feedbackMigrations,
  ...ownerMailMigrations,
  ...sendLaterMigrations,
  ...oidcMigrations,
  ...folderIdsMigrations,
  ...snoozeMigrations,
};
