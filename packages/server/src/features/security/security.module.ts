import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../infra/config.js';
import { serverKey } from '../../infra/crypto.js';
import type { Db } from '../../infra/db/database.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import { RateWindow } from '../../infra/rate-window.js';
import { relyingPartyOf } from '../../infra/relying-party.js';
import type { MailServerAdmin } from '../../mail/mail-server-admin.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { AuthService } from '../auth/auth.service.js';
import { AccountSecurityService } from './account-security.service.js';
import { AppPasswordsRepository } from './app-passwords.repository.js';
import { AppPasswordsService } from './app-passwords.service.js';
import { MailAuthReportsService } from './mail-auth-reports.service.js';
import { MailCredentials } from './mail-credentials.js';
import { PasskeysService } from './passkeys.service.js';
import { passwordDriverFor } from './password-drivers.js';
import { SecondFactorSignIn } from './second-factor-sign-in.service.js';
import { SecurityEventsRepository } from './security-events.repository.js';
import { SecurityEventsService } from './security-events.service.js';
import { securityRoutes } from './security.routes.js';
import { SignInChecksRepository } from './sign-in-checks.repository.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { TwoFactorRepository } from './two-factor.repository.js';
import { TwoFactorService } from './two-factor.service.js';

/**
 * Security, in two parts because auth sits below it: `createSecurityCore` (the log and the second step of
 * sign-in, which auth is given as interfaces) is made before auth, `createSecurityModule` (the settings routes,
 * which use auth's service) after it.
 */
export function createSecurityCore(deps: {
  config: Config;
  db: Db;
  publish: PublishEvent;
  log: FastifyBaseLogger;
}) {
  const { config, db } = deps;
  const securityEvents = new SecurityEventsService(new SecurityEventsRepository(db), deps.log);
  const credentials = MailCredentials.open(config.security.mailAuthDb);
  const checks = new SignInChecksRepository(db);
  const repo = new TwoFactorRepository(db);
  const twoFactor = new TwoFactorService(
    repo,
    checks,
    credentials,
    securityEvents,
    {
      totp: serverKey(config.sessionSecret, 'totp secrets v1'),
      recovery: serverKey(config.sessionSecret, 'recovery codes v1'),
    },
    { issuer: config.security.webauthn.rpName, reauthMs: config.security.reauthMs },
  );
  const passkeys = new PasskeysService(
    repo,
    checks,
    twoFactor,
    deps.publish,
    config.security.webauthn.rpName,
  );
  const secondFactor = new SecondFactorSignIn(checks, twoFactor, passkeys, {
    serverKey: serverKey(config.sessionSecret, 'pending sign-ins v1'),
    lifetimeMs: config.security.pendingSignInMs,
  });
  return { securityEvents, secondFactor, twoFactor, passkeys, credentials, checks };
}

export type SecurityCore = ReturnType<typeof createSecurityCore>;

/** The security settings: two-factor, passkeys, application passwords, password, log, sessions; reports. */
export function createSecurityModule(deps: {
  config: Config;
  db: Db;
  core: SecurityCore;
  auth: AuthService;
  mail: MailSessions;
  admin: MailServerAdmin;
  publish: PublishEvent;
}) {
  const { config, core } = deps;
  // A revoked credential must stop working in the sessions it already opened, not only at the next login.
  // The webmail's own connections of the account go too, so its next request does not take one being closed.
  const endMailSessions = async (email: string) => {
    if ((await deps.admin.kick(email)) === 'kicked') await deps.mail.closeConnectionsOf(email);
  };
  const appPasswords = new AppPasswordsService(
    new AppPasswordsRepository(deps.db),
    core.credentials,
    core.twoFactor,
    core.securityEvents,
    deps.publish,
    config.security.appPasswordsMax,
    endMailSessions,
  );
  const account = new AccountSecurityService(
    deps.auth,
    passwordDriverFor(config.security, core.credentials),
    core.checks,
    core.securityEvents,
    endMailSessions,
  );
  const routes = securityModuleRoutes(deps, { appPasswords, account });
  const module: FeatureModule = {
    name: 'security',
    routes,
    jobs: securityJobs(core),
  };
  return { module, appPasswords, account };
}

/** Two-factor and passkey settings, then the rest of the security page and the mail server's reports. */
function securityModuleRoutes(
  deps: { config: Config; core: SecurityCore; mail: MailSessions },
  services: { appPasswords: AppPasswordsService; account: AccountSecurityService },
): FeatureModule['routes'] {
  const { config, core } = deps;
  const { appPasswords, account } = services;
  const reports = new MailAuthReportsService(appPasswords, core.securityEvents, config.imap.port);
  // Wrong passwords or codes per session: 10 in 15 minutes.
  const failures = new RateWindow(10, 15 * 60_000);
  return async (app) => {
    await app.register(
      twoFactorRoutes({
        config,
        twoFactor: core.twoFactor,
        passkeys: core.passkeys,
        mail: deps.mail,
        failures,
        relyingParty: relyingPartyOf(config),
      }),
    );
    await app.register(
      securityRoutes({
        appPasswords,
        account,
        events: core.securityEvents,
        reports,
        mail: deps.mail,
        failures,
        reportSecret: config.security.mailAuthReportSecret,
      }),
    );
  };
}

/** Plain DELETEs of old rows: any process may run them (`claims`: the database decides). */
function securityJobs(core: SecurityCore): NonNullable<FeatureModule['jobs']> {
  return [
    {
      name: 'security-log-prune',
      scope: 'claims',
      intervalMs: 3_600_000,
      run: () => core.securityEvents.prune(),
    },
    {
      name: 'security-pending-prune',
      scope: 'claims',
      intervalMs: 60_000,
      run: () => core.secondFactor.prune(),
    },
  ];
}
