import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { outgoingAddressesEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { MailSessions } from '../../mail/mail-session.js';
import { languageOf } from '../../infra/http/accept-language.js';
import type { OutgoingAddressesService, VerificationRequest } from './outgoing-addresses.service.js';

/** The verification mail's language (its link comes from configuration, never from this request's headers). */
function verificationRequest(request: FastifyRequest): VerificationRequest {
  return { language: languageOf(request.headers['accept-language']) };
}

const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** Settings › outgoing addresses (/settings/whitelist). */
export function outgoingAddressesRoutes(
  mail: MailSessions,
  service: OutgoingAddressesService,
): FastifyPluginAsync {
  const email = (request: FastifyRequest) => accountOf(request).email;
  return async (app) => {
    route(app, endpoints.list, async (request) => ({ addresses: await service.list(email(request)) }));
    route(app, endpoints.verified, async (request) => ({
      addresses: await service.list(email(request), true),
    }));
    route(app, endpoints.create, async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(mail.forRequest(request), request.body, verificationRequest(request))),
    );
    route(app, endpoints.update, async (request) =>
      service.update(email(request), request.params.id, request.body),
    );
    route(app, endpoints.remove, async (request) => {
      await service.remove(email(request), request.params.id, originOf(request));
      return { ok: true as const };
    });
    route(app, endpoints.verify, async (request) =>
      service.verify(email(request), request.params.id, request.body.code, originOf(request)),
    );
    route(app, endpoints.resend, async (request) =>
      service.resend(mail.forRequest(request), request.params.id, verificationRequest(request)),
    );
    // The mail's link: confirmed, then the app opens (it shows the address as verified through the event).
    route(app, endpoints.confirmLink, async (request, reply) => {
      await service.verifyLink(request.params.token, originOf(request));
      return reply.redirect('/?outgoingAddressVerified=1', 303);
    });
  };
}
