import type { FastifyPluginAsync } from 'fastify';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { massActionsRoutes } from './mass-actions.routes.js';
import { MassActionsService } from './mass-actions.service.js';
import { messagesRoutes, type FolderListed } from './messages.routes.js';
import { MessagesService } from './messages.service.js';
import { RemoteContentDecisions, type RemoteContentPolicy } from './remote-content-policy.js';
import { MessageBodyCache } from './message-body-cache.js';
import { SortedUidsCache } from './sorted-uids-cache.js';
import type { WokenMessages } from './woken-first.js';

export interface MessagesModuleDeps {
  mail: MailSessions;
  mailboxes: MailboxesService;
  /** The image proxy's URL signer for remote content (the settings feature provides whether it may show). */
  proxy: RemoteContentPolicy['proxy'];
  /** Told after a folder's first page was listed (the reading feature's conversation indexes, made before). */
  listed?: FolderListed;
  /** OUTBOUND_ALLOW_HOSTS: their one-click unsubscribe URLs may be plain http. */
  outboundAllowHosts?: ReadonlySet<string>;
  /** Messages woken from snooze (the snooze feature's records): listed first in their folder for a while. */
  woken?: WokenMessages;
}

/** A folder's message list (messages or conversations), one message, its flags, and mass actions. */
export function createMessagesModule(deps: MessagesModuleDeps) {
  const { mail, mailboxes } = deps;
  const sortedUids = new SortedUidsCache();
  // Cached lists describe one connection's view; a signed-out session's 100,000-UID lists must not linger.
  mail.onConnectionEnd((sessionId) => sortedUids.forgetSession(sessionId));
  const messageBodies = new MessageBodyCache();
  // An account signed out of its last session here: its bodies go too.
  mail.onAccountGone((email) => messageBodies.forgetAccount(email));
  const allowHosts = deps.outboundAllowHosts ?? new Set<string>();
  const remoteContent = new RemoteContentDecisions();
  const messages = new MessagesService(
    sortedUids,
    { decide: remoteContent.decide, proxy: deps.proxy },
    messageBodies,
    (host) => allowHosts.has(host),
    deps.woken,
  );
  const massActions = new MassActionsService(mailboxes, sortedUids);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(messagesRoutes(mail, messages, deps.listed));
    await app.register(massActionsRoutes(mail, massActions));
  };
  const module: FeatureModule = { name: 'messages', routes };
  return {
    module,
    messages,
    massActions,
    /** Whether a message may show remote content: the settings feature provides it from its module. */
    remoteContent: remoteContent as Pick<RemoteContentDecisions, 'provide'>,
    caches: { sortedUids, messageBodies },
  };
}
