import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, ImageProxyQuery } from '@webmail/contracts';
import { AppError } from '../../infra/errors.js';
import { accountOf } from '../../infra/route-auth.js';
import type { ImageProxySigner } from './image-proxy-signer.js';
import { fetchRemoteImage, type RemoteImageLimits } from './remote-image.js';

const errors = {
  401: ApiError,
  403: ApiError,
  413: ApiError,
  415: ApiError,
  422: ApiError,
  429: ApiError,
  502: ApiError,
  504: ApiError,
};

/**
 * GET /api/proxy/image — remote images of mail the user chose to show (architecture §5). A `session`
 * route: the mail frame is sandboxed with `allow-same-origin`, so its image requests carry the cookies of
 * the URL's `userIndex`; the signature must have been made for that session's account and index (see
 * ImageProxySigner), and the rate limit per IP bounds its use. The request log leaves the query out
 * (logger.ts): the signed URL and the remote address are not for the log.
 */
export function imageProxyRoutes(
  signer: ImageProxySigner,
  limits: RemoteImageLimits & { rateLimitPerMinute: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/proxy/image',
      {
        config: { auth: 'session', rateLimit: { max: limits.rateLimitPerMinute, timeWindow: 60_000 } },
        schema: {
          summary:
            "A remote image through the SSRF-guarded proxy (URL signed for the user's session, expires)",
          tags: ['messages'],
          querystring: ImageProxyQuery,
          response: { 200: z.any().meta({ description: 'The image bytes (raster types only)' }), ...errors },
        },
      },
      async (request, reply) => {
        const { url, exp, sig, userIndex } = request.query;
        if (!signer.verify(url, exp, sig, { account: accountOf(request).email, userIndex })) {
          throw new AppError('Forbidden', 403, 'The image link is invalid or has expired');
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
    );
  };
}
