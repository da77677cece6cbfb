import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  defaultLanguage,
  languages,
  UserDetails,
  UserDetailsPatch,
  UserIndexParams,
  type Language,
} from '@webmail/contracts';
import { accountOf } from '../../infra/route-auth.js';
import type { DetailsService } from './details.service.js';

/** The first supported language of Accept-Language (spec §1: every request carries the chosen one). */
function languageOf(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const code = part.split(';')[0]!.trim().slice(0, 2).toLowerCase();
    if ((languages as readonly string[]).includes(code)) return code as Language;
  }
  return defaultLanguage;
}

export function detailsRoutes(details: DetailsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/u/:userIndex/details',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'The user details and stored preferences',
          tags: ['settings'],
          params: UserIndexParams,
          response: { 200: UserDetails, 401: ApiError },
        },
      },
      async (request) => details.get(accountOf(request), languageOf(request.headers['accept-language'])),
    );

    app.patch(
      '/u/:userIndex/details',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Change the display name or preferences (view_mode, ui, density, …, timezone)',
          tags: ['settings'],
          params: UserIndexParams,
          body: UserDetailsPatch,
          response: { 200: UserDetails, 401: ApiError, 422: ApiError },
        },
      },
      async (request) =>
        details.update(accountOf(request), request.body, languageOf(request.headers['accept-language'])),
    );
  };
}
