import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../infra/config.js';
import type { Db } from '../../infra/db/database.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import { RateWindow } from '../../infra/rate-window.js';
import type { SessionAuthenticator } from '../../infra/session/session-authenticator.js';
import type { SessionLifecycle } from '../../infra/session/session-lifecycle.js';
import type { SessionsRepository } from '../../infra/session/sessions.repository.js';
import type { MailSignIn } from '../../mail/mail-sign-in.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { AvatarVersionsSource } from './avatar-versions.js';
import { DeviceAccountsRepository } from './device-accounts.repository.js';
import type { SecondFactorGate } from './second-factor-gate.js';
import type { SignInLog } from './sign-in-log.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { UsersRepository } from './users.repository.js';
import { OidcRelyingParty } from './oidc/oidc-relying-party.js';
import { oidcRoutes } from './oidc/oidc.routes.js';
import { OidcSessionsRepository } from './oidc/oidc-sessions.repository.js';
import { OidcSignIn } from './oidc/oidc-sign-in.service.js';
import { OidcMailTokens } from './oidc/oidc-mail-tokens.js';
import { systemClock, type Clock } from '../../infra/test-clock.js';

export interface AuthModuleDeps {
  config: Config;
  db: Db;
  sessions: SessionsRepository;
  lifecycle: SessionLifecycle;
  signIn: MailSignIn;
  authenticator: SessionAuthenticator;
  signInLog: SignInLog;
  /** The second step of sign-in (the security feature's, through the composition root). */
  secondFactor: SecondFactorGate;
  log: FastifyBaseLogger;
  /** What token expiry is measured by (a movable clock in tests). */
  clock?: Clock;
}

/** Sign-in, refresh and the accounts of a device. */
export function createAuthModule(deps: AuthModuleDeps) {
  const { config, db } = deps;
  // The version (ETag) of each account's avatar, for the account list: settings keeps the images and provides them.
  const avatars = new AvatarVersionsSource();
  const auth = new AuthService(
    config,
    deps.sessions,
    new DeviceAccountsRepository(db),
    new UsersRepository(db),
    deps.signIn,
    deps.authenticator,
    deps.lifecycle,
    deps.log,
    deps.secondFactor,
    avatars.versionsOf,
  );
  const clock = deps.clock ?? systemClock;
  const limits = {
    signInFailures: new SignInThrottle(config.loginLock.failures, config.loginLock.windowMs, clock),
    // Wrong second-factor codes: a few back to back, then locks of 30 s, 60 s, … (a code space of a million
    // cannot take the password's 1 s start).
    secondFactorFailures: new SignInThrottle(
      config.security.twoFactorLockFailures,
      config.loginLock.windowMs,
      clock,
      undefined,
      30_000,
    ),
    refreshes: new RateWindow(config.refreshRateLimitPerMinute, 60_000),
  };
  const oidc = createOidcSignIn(deps, auth);
  const module: FeatureModule = {
    name: 'auth',
    routes: async (app) => {
      await app.register(authRoutes(config, auth, limits, deps.signInLog, deps.secondFactor, oidc));
      await app.register(oidcRoutes(config, auth, oidc));
    },
  };
  return {
    module,
    auth,
    oidc,
    mailTokens: oidc?.mailTokens ?? null,
    avatars: avatars as Pick<AvatarVersionsSource, 'provide'>,
  };
}

/**
 * Single sign-on when OIDC_ISSUER is set. An OIDC account has no mail password: its mail opens through the
 * delegated door or, with OIDC_MAIL_ACCESS=token, with the user's access token.
 */
function createOidcSignIn(deps: AuthModuleDeps, auth: AuthService): OidcSignIn | null {
  const { config } = deps;
  if (!config.oidc) return null;
  if (config.oidc.mailAccess === 'delegated' && !deps.signIn.opensWithoutPassword) {
    throw new Error('Invalid configuration:\n  OIDC_ISSUER: single sign-on needs MAIL_ACCESS=delegated');
  }
  const base = config.publicUrl ?? config.security.webauthn.origin;
  const rp = new OidcRelyingParty(config.oidc, `${base}/api/auth/oidc/callback`);
  const sessions = new OidcSessionsRepository(deps.db);
  // The row of an ended session goes with it (whatever ended it); a failure only leaves a row no session uses.
  deps.lifecycle.on('ended', ({ sessionId }) => {
    sessions
      .remove(sessionId)
      .catch((err: unknown) => deps.log.warn({ err }, 'could not forget an OIDC session'));
  });
  const mailTokens =
    config.oidc.mailAccess === 'token'
      ? new OidcMailTokens(
          rp,
          sessions,
          (id) => auth.endSessionById(id),
          deps.signInLog,
          deps.clock ?? systemClock,
          deps.log,
        )
      : null;
  return new OidcSignIn(rp, auth, deps.signIn, sessions, deps.signInLog, deps.log, mailTokens);
}
