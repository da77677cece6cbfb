import type { FastifyBaseLogger } from 'fastify';
import type { Core } from './core.js';
import { createAuthModule } from './features/auth/auth.module.js';
import { createComposeModule } from './features/compose/compose.module.js';
import { createContactsModule } from './features/contacts/contacts.module.js';
import { createEventsModule } from './features/events/events.module.js';
import { createFeedbackModule } from './features/feedback/feedback.module.js';
import { createFiltersModule } from './features/filters/filters.module.js';
import { createImageProxyModule } from './features/image-proxy/image-proxy.module.js';
import { createMailboxesModule } from './features/mailboxes/mailboxes.module.js';
import { createMessagesModule } from './features/messages/messages.module.js';
import { createReadingModule } from './features/reading/reading.module.js';
import { createSearchModule } from './features/search/search.module.js';
import { createSecurityCore, createSecurityModule } from './features/security/security.module.js';
import { createSettingsModule } from './features/settings/settings.module.js';
import { createSignaturesModule } from './features/signatures/signatures.module.js';
import { createSnoozeModule, wokenOnTopOf } from './features/snooze/snooze.module.js';
import { createUnsubscribeModule } from './features/unsubscribe/unsubscribe.module.js';
import type { PlanFeaturesService } from './features/upgrade/plan-features.service.js';
import type { Config } from './infra/config.js';
import type { Db } from './infra/db/database.js';
import type { PublishEvent } from './infra/events/event-bus.js';
import type { Clock } from './infra/test-clock.js';
import { ThreadIndexes } from './mail/imap/thread-index.js';
import { OwnerMail } from './mail/owner-mail.js';
import type { ReconnectOptions } from './mail/watch/reconnect.js';

/**
 * The feature modules in the order of the feature graph, layer by layer: each layer gets the shared context and
 * what the layers below it made. `app.ts` registers them in this order.
 */

export interface AppContext {
  config: Config;
  db: Db;
  core: Core;
  log: FastifyBaseLogger;
  publish: PublishEvent;
  clock: Clock;
  /** The plan switches (deployment DISABLED_FEATURES + per-account overrides). */
  plan: PlanFeaturesService;
  /** The mailbox watchers' reconnect clock and randomness (tests). */
  watcherRetry: ReconnectOptions | undefined;
  /** The server's version (feedback reports it). */
  version: string;
}

/** Security's core, background mail for absent owners, sign-in and the security settings. */
export function accountLayer(ctx: AppContext) {
  const { config, db, core, log, publish, clock } = ctx;
  const { mail, lifecycle } = core;
  // Security's log and second sign-in step go to auth as interfaces (auth is below security in the graph).
  const securityCore = createSecurityCore({ config, db, publish, log });
  // Background mail work for absent owners; each use of the master credential goes to the owner's security log.
  const owners = new OwnerMail({
    db,
    access: core.access,
    mail,
    node: config.nodeName,
    record: (use) =>
      securityCore.securityEvents.record(
        {
          account: use.account,
          type: 'backgroundMailAccess',
          protocol: 'imap',
          ip: use.node,
          userAgent: `webmail ${use.job}`,
        },
        use.at,
      ),
    log,
  });
  const auth = createAuthModule({
    config,
    db,
    sessions: core.sessions,
    lifecycle,
    signIn: core.signIn,
    authenticator: core.authenticator,
    signInLog: securityCore.securityEvents,
    secondFactor: securityCore.secondFactor,
    log,
    clock,
  });
  // Token pass-through: single sign-on sessions log in to the mail server with the user's access token.
  if (auth.mailTokens) mail.useTokenLogins(auth.mailTokens);
  const security = createSecurityModule({
    config,
    db,
    core: securityCore,
    auth: auth.auth,
    mail,
    admin: core.admin,
    publish,
  });
  return { securityCore, owners, auth, security };
}

export type AccountLayer = ReturnType<typeof accountLayer>;

/** Folders, messages, reading, the image proxy and the filters that act on them. */
export function mailLayer(ctx: AppContext, { owners, securityCore }: AccountLayer) {
  const { config, db, core, log, publish, clock, plan } = ctx;
  const { mail, lifecycle, folderIds } = core;
  const mailboxes = createMailboxesModule({
    db,
    mail,
    folderIds,
    lifecycle,
    retentionIntervalMs: config.retentionIntervalMs,
    owners,
    publish,
    log,
  });
  const imageProxy = createImageProxyModule({ config });
  const threadIndexes = new ThreadIndexes(undefined, config.conversationIndexGraceMs);
  mail.onAccountGone((email) => threadIndexes.accountLeft(email));
  const reading = createReadingModule({
    mail,
    mailboxes: mailboxes.mailboxes,
    threadIndexes,
  });
  const messages = createMessagesModule({
    mail,
    mailboxes: mailboxes.mailboxes,
    proxy: (session, url) =>
      imageProxy.signer.sign(url, { account: session.email, userIndex: session.userIndex }),
    listed: (session, mailboxId) => void reading.threads.prepare(session, mailboxId),
    outboundAllowHosts: config.unsubscribe.policy.allowHosts,
    woken: wokenOnTopOf(db, clock),
  });
  const filters = createFiltersModule({
    db,
    mail,
    mailboxes: mailboxes.mailboxes,
    folderPaths: mailboxes.folderPaths,
    massActions: messages.massActions,
    sieve: config.sieve,
    plan,
    publish,
    changeLog: securityCore.securityEvents,
    log,
  });
  return { mailboxes, imageProxy, threadIndexes, reading, messages, filters };
}

export type MailLayer = ReturnType<typeof mailLayer>;

/** Settings, signatures, compose and contacts. */
export function settingsLayer(ctx: AppContext, account: AccountLayer, below: MailLayer) {
  const { config, db, core, log, publish, clock, plan } = ctx;
  const { mail, folderIds } = core;
  const { auth, owners, securityCore } = account;
  const { mailboxes, messages, filters } = below;
  const settings = createSettingsModule({
    config,
    db,
    mail,
    auth: auth.auth,
    avatars: auth.avatars,
    mailboxes: mailboxes.mailboxes,
    remoteContent: messages.remoteContent,
    plan,
    publish,
    delivery: filters.delivery,
    securityLog: (account, type, origin) =>
      securityCore.securityEvents.record({ account, type, ...origin, protocol: 'web' }),
  });
  const signatures = createSignaturesModule({ db, publish });
  const compose = createComposeModule({
    config,
    db,
    mail,
    connector: core.connector,
    access: core.access,
    folderIds,
    nameOf: (email) => auth.auth.nameOf(email),
    senders: (email) => settings.outgoingAddresses.senders(email),
    publish,
    clock,
    recordBackgroundSend: (account) => owners.recordUse(account, 'send-later'),
    timeZoneOf: (account) => settings.timeZoneOf(account),
    log,
  });
  const contacts = createContactsModule({ config, db, publish });
  return { settings, signatures, compose, contacts };
}

/** Feedback, unsubscribe, snooze and search, and the event stream on top of everything. */
export function topLayer(ctx: AppContext, account: AccountLayer, below: MailLayer) {
  const { config, db, core, log, publish, clock, version } = ctx;
  const { mail, lifecycle, folderIds } = core;
  const { auth, owners, securityCore } = account;
  const { mailboxes, messages, reading } = below;
  const feedback = createFeedbackModule({
    config,
    db,
    mail,
    nameOf: (email) => auth.auth.nameOf(email),
    version,
    log,
  });
  const unsubscribe = createUnsubscribeModule({
    config,
    nameOf: (email) => auth.auth.nameOf(email),
    securityLog: (account, origin) =>
      securityCore.securityEvents.record({ account, type: 'listUnsubscribed', ...origin, protocol: 'web' }),
    log,
  });
  const snooze = createSnoozeModule({
    db,
    mailboxes: mailboxes.mailboxes,
    folderIds,
    owners,
    publish,
    clock,
    intervalMs: config.snoozeIntervalMs,
    concurrency: config.snoozeWakeConcurrency,
    node: config.nodeName,
    log,
  });
  const search = createSearchModule({
    config,
    db,
    mail,
    mailboxes: mailboxes.mailboxes,
    messages: messages.messages,
    massActions: messages.massActions,
    publish,
    log,
  });
  const events = createEventsModule({
    config: config.events,
    mail,
    bus: core.bus,
    eventLog: core.eventLog,
    lifecycle,
    connector: core.connector,
    folderIds,
    messages: messages.messages,
    owners,
    folderStatus: reading.folderStatus,
    retry: ctx.watcherRetry,
    log,
  });
  return { feedback, unsubscribe, snooze, search, events };
}

/** Every layer, bottom up. */
export function buildLayers(ctx: AppContext) {
  const account = accountLayer(ctx);
  const mail = mailLayer(ctx, account);
  const settings = settingsLayer(ctx, account, mail);
  const top = topLayer(ctx, account, mail);
  return { account, mail, settings, top };
}

export type Layers = ReturnType<typeof buildLayers>;
