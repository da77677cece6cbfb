import { OkResponse, UserIndexParams } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import {
  Folder,
  FolderCreateBody,
  FolderOrderBody,
  FolderParams,
  FolderPatchBody,
  MailboxTreeResponse,
} from './mailboxes.js';

const tags = ['mailboxes'] as const;
const changeErrors = [401, 403, 404, 419, 422, 502, 503] as const;

/** The folder tree and folder management. */
export const mailboxesEndpoints = {
  tree: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/mailbox',
    auth: 'session',
    summary: 'Folder tree with special use, counts, settings, and the account quota',
    tags,
    params: UserIndexParams,
    responses: { 200: MailboxTreeResponse },
    errors: [401, 503],
  }),
  createFolder: defineEndpoint({
    method: 'POST',
    path: '/u/:userIndex/mailbox/folders',
    auth: 'session',
    feature: 'folders',
    summary: 'Create a folder',
    tags,
    params: UserIndexParams,
    body: FolderCreateBody,
    responses: { 200: Folder },
    errors: changeErrors,
  }),
  updateOrder: defineEndpoint({
    method: 'PATCH',
    path: '/u/:userIndex/mailbox/folders/updateOrder',
    auth: 'session',
    feature: 'folders',
    summary: "Store the user's folder order",
    tags,
    params: UserIndexParams,
    body: FolderOrderBody,
    responses: { 200: OkResponse },
    errors: changeErrors,
  }),
  updateFolder: defineEndpoint({
    method: 'PATCH',
    path: '/u/:userIndex/mailbox/folders/:id',
    auth: 'session',
    feature: 'folders',
    summary: 'Rename or move a folder, or change its retention or hidden flag',
    tags,
    params: FolderParams,
    body: FolderPatchBody,
    responses: { 200: Folder },
    errors: changeErrors,
  }),
  deleteFolder: defineEndpoint({
    method: 'DELETE',
    path: '/u/:userIndex/mailbox/folders/:id',
    auth: 'session',
    feature: 'folders',
    summary: 'Delete a folder with its messages and subfolders',
    tags,
    params: FolderParams,
    responses: { 200: OkResponse },
    errors: changeErrors,
  }),
};
