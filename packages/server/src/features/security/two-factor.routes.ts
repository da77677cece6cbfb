import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { securityEndpoints as endpoints } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { AppError } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import type { RateWindow } from '../../infra/rate-window.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { RelyingParty } from '../auth/auth.service.js';
import type { PasskeysService } from './passkeys.service.js';
import { clientOf, type Actor } from './security-context.js';
import type { TwoFactorService } from './two-factor.service.js';

export interface TwoFactorRouteDeps {
  config: Config;
  twoFactor: TwoFactorService;
  passkeys: PasskeysService;
  mail: MailSessions;
  /** Wrong passwords and codes per session (re-authentication, password change). */
  failures: RateWindow;
  relyingParty: RelyingParty;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  session: accountOf(request),
  client: clientOf(request),
});

/** Counts a wrong password or code of the session; refuses with 429 while it has too many. */
export async function throttled<T>(
  failures: RateWindow,
  sessionId: string,
  fn: () => Promise<T>,
): Promise<T> {
  if (failures.isLimited(sessionId)) {
    throw new AppError('RateLimited', 429, 'Too many wrong attempts; try again later', undefined, {
      'Retry-After': String(failures.retryAfterSeconds(sessionId)),
    });
  }
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && (err.status === 401 || err.reason === 'wrongPassword'))
      failures.hit(sessionId);
    throw err;
  }
}

/** Two-factor settings: status, re-authentication, TOTP, recovery codes, passkeys. */
export function twoFactorRoutes(deps: TwoFactorRouteDeps): FastifyPluginAsync {
  const { twoFactor, passkeys } = deps;
  return async (app) => {
    route(app, endpoints.twoFactor, async (request) => twoFactor.status(accountOf(request)));

    route(app, endpoints.reauthenticate, async (request) => {
      const session = accountOf(request);
      const reauthenticatedUntil = await throttled(deps.failures, session.id, () =>
        twoFactor.reauthenticate(session, request.body, (candidate) =>
          deps.mail.forRequest(request).checkPassword(candidate),
        ),
      );
      return { reauthenticatedUntil };
    });

    route(app, endpoints.totpSetup, async (request) => twoFactor.setUpTotp(actorOf(request)));

    route(app, endpoints.totpEnable, async (request) => ({
      recoveryCodes: await twoFactor.enableTotp(actorOf(request), request.body.code),
    }));

    route(app, endpoints.totpDisable, async (request) => {
      await twoFactor.disableTotp(actorOf(request));
      return { ok: true as const };
    });

    route(app, endpoints.recoveryCodes, async (request) => ({
      recoveryCodes: await twoFactor.regenerateRecoveryCodes(actorOf(request)),
    }));

    route(app, endpoints.passkeyOptions, async (request) => ({
      options: await passkeys.registrationOptions(actorOf(request), deps.relyingParty),
    }));

    route(app, endpoints.passkeyRegister, async (request) =>
      passkeys.register(actorOf(request), request.body.name, request.body.response, deps.relyingParty),
    );

    route(app, endpoints.passkeyRename, async (request) =>
      passkeys.rename(accountOf(request).email, request.params.id, request.body.name),
    );

    route(app, endpoints.passkeyRemove, async (request) => {
      await passkeys.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    });
  };
}
