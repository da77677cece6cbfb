import type { FastifyPluginAsync } from 'fastify';
import {
  defaultLanguage,
  languages,
  settingsEndpoints as endpoints,
  type Language,
} from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { DetailsService } from './details.service.js';

/** The first supported language of Accept-Language (every request of the app carries the chosen one). */
export function languageOf(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const code = part.split(';')[0]!.trim().slice(0, 2).toLowerCase();
    if ((languages as readonly string[]).includes(code)) return code as Language;
  }
  return defaultLanguage;
}

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
