import type { FastifyPluginAsync } from 'fastify';
import { settingsEndpoints as endpoints } from '@webmail/contracts';
import { languageOf } from '../../infra/http/accept-language.js';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { DetailsService } from './details.service.js';

export function detailsRoutes(mail: MailSessions, details: DetailsService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.details, async (request) =>
      details.get(mail.forRequest(request), languageOf(request.headers['accept-language'])),
    );
    route(app, endpoints.updateDetails, async (request) =>
      details.update(mail.forRequest(request), request.body, languageOf(request.headers['accept-language'])),
    );
  };
}
