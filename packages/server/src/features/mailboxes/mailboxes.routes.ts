import type { FastifyPluginAsync } from 'fastify';
import { mailboxesEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { FoldersService } from './folders.service.js';
import type { MailboxesService } from './mailboxes.service.js';

export function mailboxesRoutes(mailboxes: MailboxesService, folders: FoldersService): FastifyPluginAsync {
  // Folder management (create, rename, move, order, delete) is the plan feature `folders`, declared on those
  // endpoints; the tree is not.
  return async (app) => {
    route(app, endpoints.tree, async (request, _reply, { mail }) => mailboxes.tree(mail));
    route(app, endpoints.createFolder, async (request, _reply, { mail }) => {
      return folders.create(mail, request.body);
    });
    // Registered before /folders/:id; find-my-way prefers the static segment anyway.
    route(app, endpoints.updateOrder, async (request, _reply, { mail }) => {
      await folders.updateOrder(mail, request.body.order);
      return { ok: true as const };
    });
    route(app, endpoints.updateFolder, async (request, _reply, { mail }) => {
      return folders.update(mail, request.params.id, request.body);
    });
    route(app, endpoints.deleteFolder, async (request, _reply, { mail }) => {
      await folders.remove(mail, request.params.id);
      return { ok: true as const };
    });
  };
}
