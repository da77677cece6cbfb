import type { FastifyPluginAsync } from 'fastify';
import { imageProxyEndpoints } from '@webmail/contracts';
import { refusal } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { ImageProxySigner } from './image-proxy-signer.js';
import { fetchRemoteImage, type RemoteImageLimits } from './remote-image.js';

/**
 * GET /api/proxy/image — remote images of mail the user chose to show. A `session` route: the mail frame is
 * sandboxed with `allow-same-origin`, so its image requests carry the cookies of the URL's `userIndex`; the
 * signature must have been made for that session's account and index (see ImageProxySigner), and the rate
 * limit per IP bounds its use. The request log leaves the query out (logger.ts): the signed URL and the
 * remote address are not for the log.
 */
export function imageProxyRoutes(
  signer: ImageProxySigner,
  limits: RemoteImageLimits & { rateLimitPerMinute: number },
): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      imageProxyEndpoints.image,
      async (request, reply) => {
        const { url, exp, sig, userIndex } = request.query;
        if (!signer.verify(url, exp, sig, { account: accountOf(request).email, userIndex })) {
          throw refusal('Forbidden', 403, 'imageLinkInvalid', 'The image link is invalid or has expired');
        }
        const image = await fetchRemoteImage(url, limits);
        return (
          reply
            .header('Content-Type', image.contentType)
            .header('Content-Length', String(image.body.length))
            .header('X-Content-Type-Options', 'nosniff')
            .header('Content-Security-Policy', "default-src 'none'; sandbox")
            // The mail frame is same-origin; other sites' <img> get no Lax cookies, hence 401, whatever CORP.
            .header('Cross-Origin-Resource-Policy', 'cross-origin')
            // The URL changes every hour (its expiry), so caching longer gains nothing.
            .header('Cache-Control', 'private, max-age=3600')
            .send(image.body)
        );
      },
      { config: { rateLimit: { max: limits.rateLimitPerMinute, timeWindow: 60_000 } } },
    );
  };
}
