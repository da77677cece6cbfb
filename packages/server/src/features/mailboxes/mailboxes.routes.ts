import type { FastifyPluginAsync } from 'fastify';
import { mailboxesEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { FoldersService } from './folders.service.js';
import type { MailboxesService } from './mailboxes.service.js';

export function mailboxesRoutes(
  mail: MailSessions,
  mailboxes: MailboxesService,
  folders: FoldersService,
): FastifyPluginAsync {
  // Folder management (create, rename, move, order, delete) is the plan feature `folders`, declared on those
  // endpoints; the tree is not.
  return async (app) => {
    route(app, endpoints.tree, async (request) => mailboxes.tree(mail.forRequest(request)));
    route(app, endpoints.createFolder, async (request) => {
      return folders.create(mail.forRequest(request), request.body);
    });
    // Registered before /folders/:id; find-my-way prefers the static segment anyway.
    route(app, endpoints.updateOrder, async (request) => {
      await folders.updateOrder(mail.forRequest(request), request.body.order);
      return { ok: true as const };
    });
    route(app, endpoints.updateFolder, async (request) => {
      return folders.update(mail.forRequest(request), request.params.id, request.body);
    });
    route(app, endpoints.deleteFolder, async (request) => {
      await folders.remove(mail.forRequest(request), request.params.id);
      return { ok: true as const };
    });
  };
}
