import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { authEndpoints as endpoints, cookieNames } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { AppError, unauthorized } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import { asRetryableFault } from '../../infra/http/unavailable-errors.js';
import { accountOf } from '../../infra/session/route-auth.js';
import {
  clearSessionCookies,
  isSecureRequest,
  setDeviceCookie,
  setSessionCookies,
} from '../../infra/session/session-cookies.js';
import { issueXsrfToken } from '../../infra/xsrf.js';
import type { AuthService } from './auth.service.js';
import type { SecondFactorGate } from './second-factor-gate.js';
import { secondFactorRoutes } from './second-factor.routes.js';
import { rateLimited, signInAttempt, throttleKeyOf, type AuthLimits } from './sign-in-limits.js';
import type { SignInLog } from './sign-in-log.js';
import type { OidcSignIn } from './oidc/oidc-sign-in.service.js';

/** Where the provider sends the browser after its logout: the webmail's sign-in page. */
export const postLogoutUri = (config: Config) =>
  `${config.publicUrl ?? config.security.webauthn.origin}/login`;

interface AuthRouteDeps {
  config: Config;
  auth: AuthService;
  limits: AuthLimits;
  signInLog: SignInLog;
  secondFactor: SecondFactorGate;
  oidc: OidcSignIn | null;
}

/** Sign-in (password, then a second factor when the account has one), the session's refresh, and sign-out. */
export function authRoutes(
  config: Config,
  auth: AuthService,
  limits: AuthLimits,
  signInLog: SignInLog,
  secondFactor: SecondFactorGate,
  oidc: OidcSignIn | null,
): FastifyPluginAsync {
  const deps: AuthRouteDeps = { config, auth, limits, signInLog, secondFactor, oidc };
  return async (app) => {
    loginRoute(app, deps);
    await app.register(secondFactorRoutes(config, auth, limits, signInLog, secondFactor));
    sessionRoutes(app, deps);
    signOutRoutes(app, deps);
  };
}

/** The password step: throttled per device or account; a second factor pending, or the session started. */
function loginRoute(
  app: FastifyInstance,
  { config, auth, limits, signInLog, secondFactor }: AuthRouteDeps,
): void {
  route(
    app,
    endpoints.login,
    async (request, reply) => {
      if (!config.passwordSignIn) throw new AppError('Forbidden', 403, 'Password sign-in is switched off');
      const email = request.body.email.toLowerCase();
      const attempt = signInAttempt(request, email);
      const presented = auth.deviceOf(request.cookies);
      const throttleKey = await throttleKeyOf(auth, presented, email);
      const wait = limits.signInFailures.retryAfterSeconds(throttleKey);
      if (wait > 0) {
        // Logged like any failure: the owner's security log shows the attempts it held back.
        await signInLog.record({ ...attempt, type: 'signInFailed' });
        throw rateLimited(wait, 'Too many failed sign-ins; try again later');
      }
      const deviceId = await auth.deviceForSignIn(presented);
      const secure = isSecureRequest(config, request);
      let verified;
      try {
        verified = await auth.verifyPassword(email, request.body.password);
      } catch (err) {
        if (err instanceof AppError && err.code === 'AuthFailed') {
          limits.signInFailures.fail(throttleKey);
          await signInLog.record({ ...attempt, type: 'signInFailed' });
        }
        throw err;
      }
      limits.signInFailures.clear(throttleKey);
      // The device cookie and its XSRF token now (the second step must come from this browser); session
      // cookies only once every factor passed.
      setDeviceCookie(reply, secure, config.sessionSecret, deviceId);
      issueXsrfToken(config, request, reply, deviceId);
      if ((await secondFactor.methodsOf(email)).length > 0) {
        await verified.discard();
        const pending = await secondFactor.begin({
          email,
          // Only what the session will keep: nothing with delegated mail access.
          password: auth.keepsPassword ? request.body.password : '',
          deviceId,
          // Known by the device it came with: a browser signed out of its last account gets a new id here.
          knownDevice: throttleKey.startsWith('device\n'),
        });
        request.log.info('password accepted; second factor needed');
        return { secondFactor: pending };
      }
      const result = await auth.startSession(email, request.body.password, deviceId, attempt, verified);
      await signInLog.record({ ...attempt, type: 'signIn' });
      setSessionCookies(reply, secure, result.userIndex, result.tokens, Date.now());
      request.log.info({ userIndex: result.userIndex }, 'signed in');
      return { userIndex: result.userIndex, user: result.user, expiresAt: result.tokens.accessExpiresAt };
    },
    { config: { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } } },
  );
}

/** The device's accounts, the signed-in user, and the session's refresh. */
function sessionRoutes(app: FastifyInstance, { config, auth, limits, oidc }: AuthRouteDeps): void {
  route(app, endpoints.accounts, async (request) => ({
    accounts: await auth.accounts(auth.deviceOf(request.cookies)),
  }));

  route(app, endpoints.me, async (request) => {
    const account = accountOf(request);
    const user = await auth.me(account);
    if (!oidc || !(await oidc.isSingleSignOn(account.id))) return user;
    return { ...user, signedInWith: oidc.rp.name };
  });

  route(
    app,
    endpoints.refresh,
    async (request, reply) => {
      const { userIndex } = request.query;
      const secure = isSecureRequest(config, request);
      // Per session (the refresh cookie names it), whatever IP the calls come from.
      const sessionKey = request.cookies[cookieNames.refreshToken(userIndex)]?.split('.')[0] ?? request.ip;
      if (limits.refreshes.isLimited(sessionKey)) {
        throw rateLimited(limits.refreshes.retryAfterSeconds(sessionKey), 'Too many session refreshes');
      }
      limits.refreshes.hit(sessionKey);
      try {
        const { tokens, user } = await auth.refresh(request.cookies, userIndex);
        setSessionCookies(reply, secure, userIndex, tokens, Date.now());
        return { userIndex, user, expiresAt: tokens.accessExpiresAt };
      } catch (err) {
        // Only a refused token (expired, revoked, reused: 401) ends the session in the browser. A fault of the
        // server (storage busy or read-only, a bug) keeps the cookies and answers 503, so the client tries again.
        if (err instanceof AppError && err.status === 401) clearSessionCookies(reply, secure, userIndex);
        throw asRetryableFault(err);
      }
    },
    { config: { rateLimit: { max: config.refreshRateLimitPerMinute * 4, timeWindow: 60_000 } } },
  );
}

/** Sign-out of one account, of a remembered one, or of every account of the device. */
function signOutRoutes(app: FastifyInstance, { config, auth, oidc }: AuthRouteDeps): void {
  // Signing out an account single sign-on signed in also ends the provider's session (RP-initiated logout): the
  // answer names the provider's end-session URL, which the browser opens.
  const endSessionUrl = async (sessionId: string | undefined) => {
    const url = oidc && sessionId ? await oidc.endSessionUrl(sessionId, postLogoutUri(config)) : null;
    return url ? { endSessionUrl: url } : {};
  };

  route(app, endpoints.logout, async (request, reply) => {
    const account = accountOf(request);
    const idp = await endSessionUrl(account.id);
    await auth.logout(account);
    clearSessionCookies(reply, isSecureRequest(config, request), account.userIndex);
    return { ok: true as const, ...idp };
  });

  route(app, endpoints.removeDeviceUser, async (request, reply) => {
    const { index } = request.query;
    const idp = await endSessionUrl(await auth.liveSessionIn(request.cookies, index));
    const accounts = await auth.removeDeviceUser(request.cookies, index);
    clearSessionCookies(reply, isSecureRequest(config, request), index);
    return { accounts, ...idp };
  });

  for (const endpoint of [endpoints.removeDeviceUsers, endpoints.logoutAll]) {
    route(app, endpoint, async (request, reply) => {
      // Signing every account out takes a live session of this device (the account menu has one);
      // forgetting the remembered accounts (the account chooser, maybe none signed in) takes the device, and
      // without a live session it forgets only the signed-out ones (auth.forgetDevice).
      if (
        endpoint === endpoints.logoutAll &&
        !(await auth.hasSessionOn(request.cookies, auth.deviceOf(request.cookies)))
      ) {
        throw unauthorized();
      }
      const signOns = oidc ? await oidc.signOnsOf(await auth.sessionsOnDevice(request.cookies)) : [];
      const { freed, endedSessions } = await auth.forgetDevice(request.cookies);
      const secure = isSecureRequest(config, request);
      for (const index of freed) clearSessionCookies(reply, secure, index);
      // Every account single sign-on signed in among them ends the provider's session too.
      const ended = signOns.filter((row) => endedSessions.includes(row.session_id));
      const url = oidc ? await oidc.endSessionUrlOfAll(ended, postLogoutUri(config)) : null;
      return {
        accounts: await auth.accounts(auth.deviceOf(request.cookies)),
        ...(url ? { endSessionUrl: url } : {}),
      };
    });
  }
}
