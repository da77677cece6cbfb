import type { FastifyPluginAsync } from 'fastify';
import type { DisabledFeature } from '@webmail/contracts';
import type { Db } from '../../infra/db/database.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { AuthService } from '../auth/auth.service.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { detailsRoutes } from './details.routes.js';
import { DetailsService, type MailDeliverySettings } from './details.service.js';
import { externalContentRoutes } from './external-content.routes.js';
import { ExternalContentRepository } from './external-content.repository.js';
import { ExternalContentService } from './external-content.service.js';
import { UserConfigRepository } from './user-config.repository.js';
import { userConfigRoutes } from './user-config.routes.js';
import { UserConfigService } from './user-config.service.js';
import { UserSettingsRepository } from './user-settings.repository.js';

export interface SettingsModuleDeps {
  db: Db;
  mail: MailSessions;
  auth: Pick<AuthService, 'nameOf' | 'rename'>;
  mailboxes: MailboxesService;
  disabledFeatures: DisabledFeature[];
  publish: PublishEvent;
  /** Forwarding targets and spam level for the user details (the filters feature). */
  delivery: MailDeliverySettings;
}

/** User details and preferences, the configuration store, external-content settings. */
export function createSettingsModule(deps: SettingsModuleDeps) {
  const externalContent = new ExternalContentService(new ExternalContentRepository(deps.db), deps.publish);
  const details = new DetailsService(
    new UserSettingsRepository(deps.db),
    deps.auth,
    deps.mailboxes,
    deps.disabledFeatures,
    deps.publish,
    deps.delivery,
  );
  const config = new UserConfigService(new UserConfigRepository(deps.db), deps.publish);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(detailsRoutes(deps.mail, details));
    await app.register(userConfigRoutes(config));
    await app.register(externalContentRoutes(externalContent));
  };
  const module: FeatureModule = { name: 'settings', routes };
  return { module, externalContent };
}
