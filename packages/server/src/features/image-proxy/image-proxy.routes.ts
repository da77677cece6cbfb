import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, ImageProxyQuery } from '@webmail/contracts';
import { AppError } from '../../infra/errors.js';
import type { ImageProxySigner } from './image-proxy-signer.js';
import { fetchRemoteImage, type RemoteImageLimits } from './remote-image.js';

const errors = {
  403: ApiError,
  413: ApiError,
  415: ApiError,
  422: ApiError,
  429: ApiError,
  502: ApiError,
  504: ApiError,
};

/**
 * GET /api/proxy/image — remote images of mail the user chose to show (architecture §5). `public`
 * because the sandboxed mail frame has an opaque origin and sends no cookies; the signature is the
 * authorisation (see ImageProxySigner) and the rate limit per IP bounds its use.
 */
export function imageProxyRoutes(
  signer: ImageProxySigner,
  limits: RemoteImageLimits & { rateLimitPerMinute: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/proxy/image',
      {
        config: { auth: 'public', rateLimit: { max: limits.rateLimitPerMinute, timeWindow: 60_000 } },
        schema: {
          summary: 'A remote image through the SSRF-guarded proxy (HMAC-signed URL, expires)',
          tags: ['messages'],
          querystring: ImageProxyQuery,
          response: { 200: z.any().meta({ description: 'The image bytes (raster types only)' }), ...errors },
        },
      },
      async (request, reply) => {
        const { url, exp, sig } = request.query;
        if (!signer.verify(url, exp, sig)) {
          throw new AppError('Forbidden', 403, 'The image link is invalid or has expired');
        }
        const image = await fetchRemoteImage(url, limits);
        return (
          reply
            .header('Content-Type', image.contentType)
            .header('Content-Length', String(image.body.length))
            .header('X-Content-Type-Options', 'nosniff')
            .header('Content-Security-Policy', "default-src 'none'; sandbox")
            // The mail frame has an opaque origin: to it this is a cross-origin image.
            .header('Cross-Origin-Resource-Policy', 'cross-origin')
            .header('Cache-Control', 'private, max-age=86400')
            .send(image.body)
        );
      },
    );
  };
}
