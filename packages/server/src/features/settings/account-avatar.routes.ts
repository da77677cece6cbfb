import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { avatarEndpoints as endpoints, avatarLimits } from '@webmail/contracts';
import { AppError, validationError } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { AccountAvatarService } from './account-avatar.service.js';

const tooLarge = () => {
  const message = `The avatar is larger than ${avatarLimits.maxBytes} bytes`;
  return new AppError('PayloadTooLarge', 413, message, { avatar: [message] }, undefined, {
    fieldErrors: { avatar: [{ code: 'avatarTooLarge', params: { max: avatarLimits.maxBytes } }] },
  });
};

/** GET, POST, DELETE /details/avatar: one image in the multipart field `avatar`. */
export function accountAvatarRoutes(service: AccountAvatarService): FastifyPluginAsync {
  return async (app) => {
    await app.register(multipart);
    route(app, endpoints.avatar, async (request, reply) => {
      const avatar = await service.get(accountOf(request).email);
      const etag = `"${avatar.etag}"`;
      // With `?v=` (the web adds the ETag, so a new image has a new URL) it may be kept; else revalidated.
      reply.headers({
        ETag: etag,
        'Cache-Control': request.query.v ? 'private, max-age=86400' : 'private, no-cache',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.header('Content-Type', avatar.contentType).send(avatar.data);
    });
    route(app, endpoints.uploadAvatar, async (request) => {
      const file = await request.file({ limits: { fileSize: avatarLimits.maxBytes, files: 1, fields: 0 } });
      if (!file || file.fieldname !== 'avatar')
        throw validationError({
          avatar: [{ code: 'required', message: 'Send one image in the field avatar' }],
        });
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (err) {
        // Over the limit: the rest of the upload is not read into memory, and the stored avatar stays.
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw err;
      }
      return service.replace(accountOf(request).email, data);
    });
    route(app, endpoints.removeAvatar, async (request) => {
      await service.remove(accountOf(request).email);
      return { ok: true as const };
    });
  };
}
