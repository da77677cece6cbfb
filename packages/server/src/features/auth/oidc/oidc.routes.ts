import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { authEndpoints as endpoints } from '@webmail/contracts';
import type { Config } from '../../../infra/config.js';
import { AppError, notFound } from '../../../infra/errors.js';
import { route } from '../../../infra/http/endpoint-route.js';
import {
  isSecureRequest,
  setDeviceCookie,
  setSessionCookies,
} from '../../../infra/session/session-cookies.js';
import { issueXsrfToken } from '../../../infra/xsrf.js';
import type { AuthService } from '../auth.service.js';
import { signInAttempt } from '../sign-in-limits.js';
import { clearFlowCookie, oidcFlowCookie, readFlowCookie, setFlowCookie } from './oidc-flow-cookie.js';
import { providerUnreachable } from './oidc-relying-party.js';
import type { OidcSignIn } from './oidc-sign-in.service.js';

/** Where the browser goes when single sign-on did not sign it in: the sign-in page, with the reason. */
const backToSignIn = (reason: string | undefined) =>
  `/login/password${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`;

/**
 * Single sign-on's three routes. Always registered (the API document is the same everywhere); without OIDC
 * configured each answers 404.
 */
export function oidcRoutes(config: Config, auth: AuthService, oidc: OidcSignIn | null): FastifyPluginAsync {
  const configured = () => {
    if (!oidc) throw notFound('Single sign-on');
    return oidc;
  };
  return async (app) => {
    // The provider posts logout tokens form-encoded (only these routes read that type).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 32_768 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    route(app, endpoints.oidcStart, async (request, reply) => {
      const sso = configured();
      const begun = await sso.rp.begin(request.query.lang).catch((err: unknown) => {
        request.log.error({ err }, 'the identity provider cannot be reached');
        throw providerUnreachable();
      });
      const { lang, reason } = request.query;
      setFlowCookie(
        reply,
        config.sessionSecret,
        isSecureRequest(config, request),
        { ...begun.checks, lang, reason },
        Date.now(),
      );
      return redirect(reply, begun.url.toString());
    });

    route(app, endpoints.oidcCallback, async (request, reply) => {
      const sso = configured();
      const secure = isSecureRequest(config, request);
      const flow = readFlowCookie(request.cookies[oidcFlowCookie], config.sessionSecret, Date.now());
      clearFlowCookie(reply, secure);
      if (!flow) return redirect(reply, backToSignIn('ssoFailed'));
      // The user turned the provider down (or it refused): back where they came from, with their reason.
      if (request.query.error) return redirect(reply, backToSignIn(flow.reason ?? 'ssoFailed'));
      const callbackUrl = new URL(sso.rp.redirectUri);
      callbackUrl.search = request.raw.url?.split('?')[1] ?? '';
      const deviceId = await auth.deviceForSignIn(auth.deviceOf(request.cookies));
      const attempt = signInAttempt(request, '');
      const outcome = await sso.complete(callbackUrl, flow, deviceId, {
        ip: attempt.ip,
        userAgent: attempt.userAgent,
      });
      if (outcome.kind === 'refused') return redirect(reply, backToSignIn(outcome.reason));
      const { userIndex, tokens } = outcome.result;
      setDeviceCookie(reply, secure, config.sessionSecret, deviceId);
      issueXsrfToken(config, request, reply, deviceId);
      setSessionCookies(reply, secure, userIndex, tokens, Date.now());
      request.log.info({ userIndex }, 'signed in with single sign-on');
      return redirect(reply, `/u/${userIndex}`);
    });

    route(
      app,
      endpoints.oidcBackchannelLogout,
      async (request, reply) => {
        const sso = configured();
        const ended = await sso.backchannelLogout(request.body.logout_token).catch((err: unknown) => {
          request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'logout token refused');
          throw new AppError('BadRequest', 400, 'Invalid logout token');
        });
        request.log.info({ ended }, 'back-channel logout');
        return reply.code(200).header('cache-control', 'no-store').send();
      },
      // The provider calls server to server: no cookies, no XSRF token; the signed logout token authenticates it.
      { config: { xsrf: false }, security: [] },
    );
  };
}

function redirect(reply: FastifyReply, to: string) {
  return reply.header('cache-control', 'no-store').redirect(to, 303);
}
