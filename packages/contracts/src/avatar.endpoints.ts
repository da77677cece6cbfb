import { z } from 'zod';
import { OkResponse, UserIndexParams } from './auth.js';
import { AvatarQuery } from './contacts.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The account's own avatar (GET, POST, DELETE /details/avatar; multipart field `avatar`, a single image).
 * Stored cropped square and resized on the server; shown on the Account page, in the account menu and user select.
 */
export const avatarLimits = {
  /** Largest upload; a larger file is refused (413) before it is decoded. */
  maxBytes: 10 * 1024 * 1024,
  /** The stored image is a square of this many pixels (smaller images keep their size, cropped square). */
  pixels: 256,
  types: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

export const AvatarInfo = z
  .object({ etag: z.string(), contentType: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'AvatarInfo' });
export type AvatarInfo = z.infer<typeof AvatarInfo>;

export const AvatarUpload = z.object({ avatar: z.any().meta({ description: 'The image file' }) });

export const avatarEndpoints = {
  avatar: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/details/avatar',
    auth: 'session',
    summary: "The account's avatar image (404 when it has none; cached by ETag)",
    tags: ['settings'],
    params: UserIndexParams,
    query: AvatarQuery,
    responses: { 200: z.any().meta({ description: 'The image' }), 304: z.null() },
    raw: true,
    errors: [401, 404],
  }),
  uploadAvatar: defineEndpoint({
    method: 'POST',
    path: '/u/:userIndex/details/avatar',
    auth: 'session',
    summary: 'Replace the avatar (multipart field `avatar`: one PNG, JPEG or WebP image)',
    tags: ['settings'],
    params: UserIndexParams,
    body: AvatarUpload,
    multipart: true,
    files: { avatar: 'required' },
    responses: { 200: AvatarInfo },
    errors: [401, 413, 415, 419, 422],
    timeoutMs: 60_000,
  }),
  removeAvatar: defineEndpoint({
    method: 'DELETE',
    path: '/u/:userIndex/details/avatar',
    auth: 'session',
    summary: 'Remove the avatar',
    tags: ['settings'],
    params: UserIndexParams,
    responses: { 200: OkResponse },
    errors: [401, 419],
  }),
};
