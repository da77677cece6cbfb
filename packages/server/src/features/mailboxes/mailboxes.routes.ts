import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { mailboxesEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { PlanFeatures } from '../upgrade/plan-features.service.js';
import type { FoldersService } from './folders.service.js';
import type { MailboxesService } from './mailboxes.service.js';

export function mailboxesRoutes(
  mail: MailSessions,
  mailboxes: MailboxesService,
  folders: FoldersService,
  plan: Pick<PlanFeatures, 'require'>,
): FastifyPluginAsync {
  /** Folder management (create, rename, move, order, delete) is the plan feature `folders`; the tree is not. */
  const managing = (request: FastifyRequest) => plan.require(accountOf(request).email, 'folders');
  return async (app) => {
    route(app, endpoints.tree, async (request) => mailboxes.tree(mail.forRequest(request)));
    route(app, endpoints.createFolder, async (request) => {
      await managing(request);
      return folders.create(mail.forRequest(request), request.body);
    });
    // Registered before /folders/:id; find-my-way prefers the static segment anyway.
    route(app, endpoints.updateOrder, async (request) => {
      await managing(request);
      await folders.updateOrder(mail.forRequest(request), request.body.order);
      return { ok: true as const };
    });
    route(app, endpoints.updateFolder, async (request) => {
      await managing(request);
      return folders.update(mail.forRequest(request), request.params.id, request.body);
    });
    route(app, endpoints.deleteFolder, async (request) => {
      await managing(request);
      await folders.remove(mail.forRequest(request), request.params.id);
      return { ok: true as const };
    });
  };
}
