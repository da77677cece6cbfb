import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../infra/config.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import { sendAutomaticMail } from '../../mail/smtp/automatic-mail.js';
import { unsubscribeRoutes } from './unsubscribe.routes.js';
import { UnsubscribeService, type UnsubscribeOrigin } from './unsubscribe.service.js';

export interface UnsubscribeModuleDeps {
  config: Pick<Config, 'smtp' | 'tlsRejectUnauthorized' | 'unsubscribe'>;
  nameOf: (email: string) => Promise<string>;
  securityLog: (account: string, origin: UnsubscribeOrigin) => Promise<void>;
  log: FastifyBaseLogger;
}

/** One-click unsubscribe (RFC 8058) and its mailto/URL fallbacks (RFC 2369). */
export function createUnsubscribeModule(deps: UnsubscribeModuleDeps): { module: FeatureModule } {
  const smtp = { ...deps.config.smtp, tlsRejectUnauthorized: deps.config.tlsRejectUnauthorized };
  const service = new UnsubscribeService({
    ...deps.config.unsubscribe,
    // Through the submission door as the user, as any mail they send; the list answers to them.
    sendMail: (mail) => sendAutomaticMail(smtp, { ...mail, text: mail.body }),
    nameOf: deps.nameOf,
    securityLog: deps.securityLog,
    log: deps.log,
  });
  return { module: { name: 'unsubscribe', routes: unsubscribeRoutes(service) } };
}
