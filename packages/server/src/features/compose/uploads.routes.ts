import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  AttachmentIdParams,
  ComposeParams,
  composeLimits,
  UploadAttachment,
  UploadQuery,
} from '@webmail/contracts';
import { accountOf } from '../../infra/route-auth.js';
import { validationError } from './draft-validation.js';
import { malformedUpload, type UploadsService } from './uploads.service.js';

const errors = { 401: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };

export function uploadsRoutes(uploads: UploadsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here, so only these routes parse multipart. One byte over the limit is let through so
    // the service sees the overflow and answers 422 naming the limit (not a silent truncation).
    await app.register(multipart, {
      limits: { fileSize: composeLimits.attachmentMaxBytes + 1, files: 1, fields: 10, fieldSize: 1024 },
    });

    app.post(
      '/u/:userIndex/compose/attachments',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Upload one attachment (multipart field `file`); limits of spec §9 enforced (422)',
          tags: ['compose'],
          consumes: ['multipart/form-data'],
          params: ComposeParams,
          querystring: UploadQuery,
          response: { 201: UploadAttachment, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw validationError({ file: ['Send the file as multipart/form-data'] });
        const file = await request.file().catch((err: unknown) => {
          throw malformedUpload(err);
        });
        if (!file) throw validationError({ file: ['No file was sent'] });
        const stored = await uploads.upload(accountOf(request), request.query, {
          filename: file.filename,
          contentType: file.mimetype,
          stream: file.file,
        });
        return reply.status(201).send(stored);
      },
    );

    app.delete(
      '/u/:userIndex/compose/attachments/:attachmentId',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Remove an uploaded attachment',
          tags: ['compose'],
          params: AttachmentIdParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await uploads.remove(accountOf(request), request.params.attachmentId);
        return reply.status(204).send(null);
      },
    );
  };
}
