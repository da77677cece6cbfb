import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  Folder,
  FolderCreateBody,
  FolderOrderBody,
  FolderParams,
  FolderPatchBody,
  MailboxTreeResponse,
  OkResponse,
  UserIndexParams,
} from '@webmail/contracts';
import { accountOf } from '../../infra/route-auth.js';
import type { FoldersService } from './folders.service.js';
import type { MailboxesService } from './mailboxes.service.js';

const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 422: ApiError, 502: ApiError, 503: ApiError };

export function mailboxesRoutes(mailboxes: MailboxesService, folders: FoldersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/u/:userIndex/mailbox',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Folder tree with special use, counts, settings, and the account quota',
          tags: ['mailboxes'],
          params: UserIndexParams,
          response: { 200: MailboxTreeResponse, 401: ApiError, 503: ApiError },
        },
      },
      async (request) => mailboxes.tree(accountOf(request)),
    );

    app.post(
      '/u/:userIndex/mailbox/folders',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Create a folder',
          tags: ['mailboxes'],
          params: UserIndexParams,
          body: FolderCreateBody,
          response: { 200: Folder, ...errors },
        },
      },
      async (request) => folders.create(accountOf(request), request.body),
    );

    // Registered before /folders/:id; find-my-way prefers the static segment anyway.
    app.patch(
      '/u/:userIndex/mailbox/folders/updateOrder',
      {
        config: { auth: 'session' },
        schema: {
          summary: "Store the user's folder order",
          tags: ['mailboxes'],
          params: UserIndexParams,
          body: FolderOrderBody,
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await folders.updateOrder(accountOf(request), request.body.order);
        return { ok: true as const };
      },
    );

    app.patch(
      '/u/:userIndex/mailbox/folders/:id',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Rename or move a folder, or change its retention or hidden flag',
          tags: ['mailboxes'],
          params: FolderParams,
          body: FolderPatchBody,
          response: { 200: Folder, ...errors },
        },
      },
      async (request) => folders.update(accountOf(request), request.params.id, request.body),
    );

    app.delete(
      '/u/:userIndex/mailbox/folders/:id',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Delete a folder with its messages and subfolders',
          tags: ['mailboxes'],
          params: FolderParams,
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await folders.remove(accountOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
