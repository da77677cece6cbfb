import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authEndpoints as endpoints } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { AppError, refusal } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import { relyingPartyOf } from '../../infra/relying-party.js';
import { isSecureRequest, setSessionCookies } from '../../infra/session/session-cookies.js';
import { rateLimited, signInAttempt, type AuthLimits } from './sign-in-limits.js';
import type { AuthService } from './auth.service.js';
import type { SecondFactorGate, SecondFactorPassed } from './second-factor-gate.js';
import type { SignInLog } from './sign-in-log.js';

/**
 * The second step of a sign-in (`/auth/2fa…`): a code or a passkey for the pending sign-in the password step
 * answered. Failures are throttled like passwords (growing locks with `Retry-After`) and logged; only a passed
 * second factor starts the session and sets its cookies.
 */
export function secondFactorRoutes(
  config: Config,
  auth: AuthService,
  limits: AuthLimits,
  signInLog: SignInLog,
  gate: SecondFactorGate,
): FastifyPluginAsync {
  const deps = { config, auth, limits, signInLog, gate };
  const limit = { config: { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } } };
  return async (app) => {
    route(
      app,
      endpoints.secondFactor,
      async (request, reply) =>
        attemptSignIn(deps, request, reply, request.body.id, (deviceId) =>
          gate.finishWithCode(request.body.id, request.body.code, deviceId),
        ),
      limit,
    );

    route(
      app,
      endpoints.webauthnOptions,
      async (request) => {
        const deviceId = auth.deviceOf(request.cookies);
        if (!deviceId) throw refusal('Unauthorized', 401, 'signInExpired', 'The sign-in has expired');
        const options = await gate.passkeyOptions(request.body.id, deviceId, relyingPartyOf(config));
        return { options };
      },
      limit,
    );

    route(
      app,
      endpoints.webauthn,
      async (request, reply) =>
        attemptSignIn(deps, request, reply, request.body.id, (deviceId) =>
          gate.finishWithPasskey(request.body.id, request.body.response, deviceId, relyingPartyOf(config)),
        ),
      limit,
    );
  };
}

interface SecondFactorDeps {
  config: Config;
  auth: AuthService;
  limits: AuthLimits;
  signInLog: SignInLog;
  gate: SecondFactorGate;
}

/** Runs one check of a pending sign-in under the throttle, then signs in. */
async function attemptSignIn(
  { config, auth, limits, signInLog, gate }: SecondFactorDeps,
  request: FastifyRequest,
  reply: Parameters<Parameters<typeof route>[2]>[1],
  id: string,
  check: (deviceId: string) => Promise<SecondFactorPassed>,
) {
  const deviceId = auth.deviceOf(request.cookies);
  if (!deviceId) throw refusal('Unauthorized', 401, 'signInExpired', 'The sign-in has expired');
  const { email, knownDevice } = await gate.accountOf(id, deviceId);
  const client = signInAttempt(request, email);
  const key = knownDevice ? `device\n${deviceId}\n${email}` : `account\n${email}`;
  const wait = limits.secondFactorFailures.retryAfterSeconds(key);
  if (wait > 0) {
    await signInLog.record({ ...client, type: 'twoFactorFailed' });
    throw rateLimited(wait, 'Too many wrong codes; try again later');
  }
  let passed: SecondFactorPassed;
  try {
    passed = await check(deviceId);
  } catch (err) {
    if (err instanceof AppError && err.status === 401 && err.reason !== 'signInExpired') {
      limits.secondFactorFailures.fail(key);
      await signInLog.record({ ...client, type: 'twoFactorFailed' });
    }
    throw err;
  }
  limits.secondFactorFailures.clear(key);
  const result = await auth.startSession(passed.email, passed.password, deviceId, client);
  await signInLog.record({
    ...client,
    type: passed.method === 'recovery' ? 'recoveryCodeUsed' : 'twoFactorChecked',
  });
  await signInLog.record({ ...client, type: 'signIn' });
  setSessionCookies(reply, isSecureRequest(config, request), result.userIndex, result.tokens, Date.now());
  request.log.info({ userIndex: result.userIndex }, 'signed in with a second factor');
  return { userIndex: result.userIndex, user: result.user, expiresAt: result.tokens.accessExpiresAt };
}
