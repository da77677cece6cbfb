import type { FastifyPluginAsync } from 'fastify';
import { mailboxesEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/route-auth.js';
import type { FoldersService } from './folders.service.js';
import type { MailboxesService } from './mailboxes.service.js';

export function mailboxesRoutes(mailboxes: MailboxesService, folders: FoldersService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.tree, async (request) => mailboxes.tree(accountOf(request)));
    route(app, endpoints.createFolder, async (request) => folders.create(accountOf(request), request.body));
    // Registered before /folders/:id; find-my-way prefers the static segment anyway.
    route(app, endpoints.updateOrder, async (request) => {
      await folders.updateOrder(accountOf(request), request.body.order);
      return { ok: true as const };
    });
    route(app, endpoints.updateFolder, async (request) =>
      folders.update(accountOf(request), request.params.id, request.body),
    );
    route(app, endpoints.deleteFolder, async (request) => {
      await folders.remove(accountOf(request), request.params.id);
      return { ok: true as const };
    });
  };
}
