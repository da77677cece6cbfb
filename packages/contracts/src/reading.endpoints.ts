import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { AttachmentParams, MessageParams } from './messages.js';
import { MessageSourceQuery, ThreadParams, ThreadQuery, ThreadResponse } from './reading.js';

const tags = ['reading'] as const;
const errors = [401, 404, 422, 503] as const;

/** The conversation view, a message's source and the zip of its attachments. */
export const readingEndpoints = {
  thread: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/mailbox/:mailboxId/threads/:threadId',
    auth: 'session',
    summary: 'A conversation, oldest first, from this folder, Inbox and Sent',
    tags,
    params: ThreadParams,
    query: ThreadQuery,
    responses: { 200: ThreadResponse },
    errors: [...errors, 502],
  }),
  attachment: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/mailbox/:mailboxId/messages/:messageId/attachments/:attachmentId',
    auth: 'session',
    summary: 'Download one attachment (IMAP body part)',
    tags,
    params: AttachmentParams,
    responses: { 200: z.any().meta({ description: 'The attachment bytes, with its own Content-Type' }) },
    raw: true,
    errors,
    // A PDF preview fetches the whole file: a large one takes longer than a JSON call.
    timeoutMs: null,
  }),
  source: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/mailbox/:mailboxId/messages/:messageId/source',
    auth: 'session',
    summary: 'The raw RFC 822 message: text to view, or an .eml download with download=1',
    tags,
    params: MessageParams,
    query: MessageSourceQuery,
    responses: { 200: z.any().meta({ description: 'The message as stored on the server' }) },
    raw: true,
    errors,
    timeoutMs: null,
  }),
  attachmentsZip: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/mailbox/:mailboxId/messages/:messageId/attachments.zip',
    auth: 'session',
    summary: 'All attachments of a message as one zip (inline cid: images excluded)',
    tags,
    params: MessageParams,
    responses: { 200: z.any().meta({ description: 'A zip archive' }) },
    raw: true,
    errors,
    timeoutMs: null,
  }),
};
