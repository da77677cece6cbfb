import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../infra/config.js';
import type { Db } from '../../infra/db/database.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { AuthService, AvatarVersions } from '../auth/auth.service.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import type { PlanFeatures } from '../upgrade/plan-features.service.js';
import { AccountAvatarRepository } from './account-avatar.repository.js';
import { accountAvatarRoutes } from './account-avatar.routes.js';
import { AccountAvatarService } from './account-avatar.service.js';
import { detailsRoutes } from './details.routes.js';
import { DetailsService, type MailDeliverySettings } from './details.service.js';
import { externalContentRoutes } from './external-content.routes.js';
import { ExternalContentRepository } from './external-content.repository.js';
import { ExternalContentService } from './external-content.service.js';
import { OutgoingAddressesRepository } from './outgoing-addresses.repository.js';
import { outgoingAddressesRoutes } from './outgoing-addresses.routes.js';
import { OutgoingAddressesService, type OutgoingAddressLog } from './outgoing-addresses.service.js';
import { SenderLogins } from './sender-logins.js';
import { UserConfigRepository } from './user-config.repository.js';
import { userConfigRoutes } from './user-config.routes.js';
import { UserConfigService } from './user-config.service.js';
import { UserSettingsRepository } from './user-settings.repository.js';
import { sendVerificationMail } from './verification-mail.js';

export interface SettingsModuleDeps {
  config: Pick<
    Config,
    'smtp' | 'tlsRejectUnauthorized' | 'mailSenderDb' | 'onboardingTour' | 'publicUrl' | 'mailAccess'
  >;
  db: Db;
  mail: MailSessions;
  auth: Pick<AuthService, 'nameOf' | 'rename'>;
  /** Where the account list asks for the avatars' versions (auth's; settings keeps the images). */
  avatars: { provide: (source: AvatarVersions) => void };
  mailboxes: MailboxesService;
  /** Where the message reader asks whether a message may show remote content (messages'; settings decides). */
  remoteContent: { provide: (source: ExternalContentService['decide']) => void };
  /** The account's plan switches (the upgrade feature), listed in the user details. */
  plan: Pick<PlanFeatures, 'disabledFor'>;
  publish: PublishEvent;
  /** Forwarding targets and spam level for the user details (the filters feature). */
  delivery: MailDeliverySettings;
  /** The security log (confirmed and deleted outgoing addresses). */
  securityLog: OutgoingAddressLog;
}

/**
 * User details and preferences, the account avatar, outgoing addresses, the configuration store, external-content
 * settings.
 */
export function createSettingsModule(deps: SettingsModuleDeps) {
  const externalContent = new ExternalContentService(new ExternalContentRepository(deps.db), deps.publish);
  deps.remoteContent.provide((session, sender) => externalContent.decide(session, sender));
  const details = new DetailsService(
    new UserSettingsRepository(deps.db),
    deps.auth,
    deps.mailboxes,
    deps.plan,
    deps.publish,
    deps.delivery,
    deps.config.onboardingTour,
    deps.config.mailAccess.mode === 'password'
      ? [
          { feature: 'retentionWhileAway', reason: 'ownerMustBeSignedIn' },
          { feature: 'sendLater', reason: 'ownerMustBeSignedIn' },
          { feature: 'snooze', reason: 'ownerMustBeSignedIn' },
        ]
      : [],
  );
  const config = new UserConfigService(new UserConfigRepository(deps.db), deps.publish);
  const senderLogins = SenderLogins.open(deps.config.mailSenderDb);
  const smtp = { ...deps.config.smtp, tlsRejectUnauthorized: deps.config.tlsRejectUnauthorized };
  const outgoingAddresses = new OutgoingAddressesService({
    repo: new OutgoingAddressesRepository(deps.db),
    senderLogins,
    sendMail: (mail) => sendVerificationMail(smtp, mail),
    nameOf: (email) => deps.auth.nameOf(email),
    publish: deps.publish,
    securityLog: deps.securityLog,
    publicUrl: deps.config.publicUrl,
  });
  const avatar = new AccountAvatarService(new AccountAvatarRepository(deps.db), deps.publish);
  deps.avatars.provide((emails) => avatar.versions(emails));
  const routes: FastifyPluginAsync = async (app) => {
    app.addHook('onClose', async () => senderLogins?.close());
    await app.register(detailsRoutes(deps.mail, details));
    await app.register(outgoingAddressesRoutes(deps.mail, outgoingAddresses));
    await app.register(accountAvatarRoutes(avatar));
    await app.register(userConfigRoutes(config));
    await app.register(externalContentRoutes(externalContent));
  };
  const module: FeatureModule = { name: 'settings', routes };
  return { module, outgoingAddresses, avatar, timeZoneOf: (account: string) => details.timeZoneOf(account) };
}
