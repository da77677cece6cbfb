import type { FastifyPluginAsync } from 'fastify';
import { securityEndpoints as endpoints } from '@webmail/contracts';
import { safeEqual } from '../../infra/crypto.js';
import { notFound, unauthorized } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import type { RateWindow } from '../../infra/rate-window.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { AccountSecurityService } from './account-security.service.js';
import type { AppPasswordsService } from './app-passwords.service.js';
import type { MailAuthReportsService } from './mail-auth-reports.service.js';
import type { SecurityEventsService } from './security-events.service.js';
import { actorOf, throttled } from './two-factor.routes.js';

export interface SecurityRouteDeps {
  appPasswords: AppPasswordsService;
  account: AccountSecurityService;
  events: SecurityEventsService;
  reports: MailAuthReportsService;
  mail: MailSessions;
  failures: RateWindow;
  /** The bearer secret the mail server's reports carry; null = the report route answers 404. */
  reportSecret: string | null;
}

/** Application passwords, password change, the security log, the account's sessions and the mail server's reports. */
export function securityRoutes(deps: SecurityRouteDeps): FastifyPluginAsync {
  const { appPasswords, account } = deps;
  return async (app) => {
    route(app, endpoints.applicationPasswords, async (request) =>
      appPasswords.list(accountOf(request).email),
    );

    route(app, endpoints.createApplicationPassword, async (request) =>
      appPasswords.create(actorOf(request), request.body),
    );

    route(app, endpoints.deleteApplicationPassword, async (request) => {
      await appPasswords.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    });

    route(app, endpoints.passwordSupport, async () => account.passwordSupport());

    route(app, endpoints.changePassword, async (request) => {
      const actor = actorOf(request);
      await throttled(deps.failures, actor.session.id, () =>
        account.changePassword(actor, request.body, (candidate) =>
          deps.mail.forRequest(request).checkPassword(candidate),
        ),
      );
      return { ok: true as const };
    });

    route(app, endpoints.events, async (request) =>
      deps.events.page(accountOf(request).email, request.query.page ?? 0),
    );

    route(app, endpoints.sessions, async (request) => ({
      sessions: await account.sessions(actorOf(request)),
    }));

    route(app, endpoints.revokeSession, async (request) => {
      await account.revokeSession(actorOf(request), request.params.id);
      return { ok: true as const };
    });

    route(app, endpoints.revokeOtherSessions, async (request) => {
      await account.revokeOtherSessions(actorOf(request));
      return { ok: true as const };
    });

    route(
      app,
      endpoints.mailAuthReport,
      async (request) => {
        if (!deps.reportSecret) throw notFound('Route');
        const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!safeEqual(presented, deps.reportSecret)) throw unauthorized('Wrong report secret');
        await deps.reports.report(request.body);
        // Dovecot's policy protocol: status 0 = no objection (reports are never asked to decide anything).
        return { status: 0, msg: '' };
      },
      // Dovecot sends no cookies and no XSRF token; the bearer secret authenticates the call.
      { config: { xsrf: false }, security: [{ reportSecret: [] }] },
    );
  };
}
