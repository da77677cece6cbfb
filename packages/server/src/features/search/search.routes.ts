import type { FastifyPluginAsync } from 'fastify';
import { searchEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { SavedSearchesService } from './saved-searches.service.js';
import type { SearchService } from './search.service.js';

export function searchRoutes(
  mail: MailSessions,
  search: SearchService,
  saved: SavedSearchesService,
): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.search, async (request) => {
      const { search: text, offset, limit, mode, setRecent, mailboxId } = request.query;
      return search.search(mail.forRequest(request), {
        search: text,
        offset,
        limit,
        mode,
        setRecent: setRecent === 'true',
        mailboxId,
      });
    });

    route(app, endpoints.keywords, async () => search.keywords());

    route(app, endpoints.recentSearches, async (request) => ({
      recentSearches: await search.recentSearches(mail.forRequest(request)),
    }));

    route(app, endpoints.deleteRecentSearch, async (request) => {
      await search.deleteRecentSearch(mail.forRequest(request), request.params.id);
      return { ok: true as const };
    });

    route(app, endpoints.savedSearches, async (request) => ({
      savedSearches: await saved.list(mail.forRequest(request)),
    }));

    route(app, endpoints.saveSearch, async (request) => saved.save(mail.forRequest(request), request.body));

    route(app, endpoints.deleteSavedSearch, async (request) => {
      await saved.remove(mail.forRequest(request), request.params.id);
      return { ok: true as const };
    });

    route(
      app,
      endpoints.massAction,
      async (request) => search.massAction(mail.forRequest(request), request.body),
      // Up to 20,000 chosen messages; all results of a search are sent as one '*' reference.
      { bodyLimit: 4 * 1024 * 1024 },
    );
  };
}
