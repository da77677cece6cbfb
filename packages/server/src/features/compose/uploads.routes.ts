import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { composeEndpoints as endpoints, composeLimits } from '@webmail/contracts';
import { validationError } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import { malformedUpload, type UploadsService } from './uploads.service.js';

export function uploadsRoutes(uploads: UploadsService): FastifyPluginAsync {
  return async (app) => {
    // Registered here, so only these routes parse multipart. One byte over the limit is let through so
    // the service sees the overflow and answers 422 naming the limit (not a silent truncation).
    await app.register(multipart, {
      limits: { fileSize: composeLimits.attachmentMaxBytes + 1, files: 1, fields: 10, fieldSize: 1024 },
    });

    route(app, endpoints.upload, async (request, reply) => {
      if (!request.isMultipart()) {
        throw validationError({
          file: [{ code: 'invalid', message: 'Send the file as multipart/form-data' }],
        });
      }
      const file = await request.file().catch((err: unknown) => {
        throw malformedUpload(err);
      });
      if (!file) throw validationError({ file: [{ code: 'required', message: 'No file was sent' }] });
      const stored = await uploads.upload(accountOf(request), request.query, {
        filename: file.filename,
        contentType: file.mimetype,
        stream: file.file,
      });
      return reply.status(201).send(stored);
    });

    route(app, endpoints.removeUpload, async (request, reply) => {
      await uploads.remove(accountOf(request), request.params.attachmentId);
      return reply.status(204).send(null);
    });
  };
}
