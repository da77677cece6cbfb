import { z } from 'zod';
import {
  AttachmentIdParams,
  ComposeParams,
  DraftParams,
  DraftSaveRequest,
  DraftSaveResponse,
  RecentPartiesQuery,
  RecentPartiesResponse,
  ReplyParams,
  ReplyPrefill,
  ReplyQuery,
  ResumedDraft,
  UploadAttachment,
  UploadQuery,
} from './compose.js';
import { OutboxEntry, OutboxListResponse, OutboxParams, SendRequest } from './compose-send.js';
import { defineEndpoint } from './endpoint.js';

const tags = ['compose'] as const;
const errors = [401, 403, 404, 422, 502, 503] as const;
const changeErrors = [...errors, 419] as const;
/**
 * Saving appends to the IMAP Drafts folder and may carry pasted images, and sending without an undo window waits
 * for the SMTP server: longer than the default 5 s, and a save cut off by the time limit would only be repeated.
 */
const draftTimeoutMs = 30_000;

/** Drafts, replies, uploads, sending (with undo) and recipient autocomplete. */
export const composeEndpoints = {
  saveDraft: defineEndpoint({
    method: 'PUT',
    path: '/u/:userIndex/compose/drafts/:draftId',
    auth: 'session',
    summary: 'Save a draft to the Drafts folder (one copy per draftId; identical saves are skipped)',
    tags,
    params: DraftParams,
    body: DraftSaveRequest,
    responses: { 200: DraftSaveResponse },
    errors: changeErrors,
    timeoutMs: draftTimeoutMs,
  }),
  draft: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/compose/drafts/:draftId',
    auth: 'session',
    summary: 'Resume a draft from the Drafts folder (its attachments come back as uploads)',
    tags,
    params: DraftParams,
    responses: { 200: ResumedDraft },
    errors,
    timeoutMs: draftTimeoutMs,
  }),
  discardDraft: defineEndpoint({
    method: 'DELETE',
    path: '/u/:userIndex/compose/drafts/:draftId',
    auth: 'session',
    summary: 'Discard a draft: every copy leaves the Drafts folder',
    tags,
    params: DraftParams,
    responses: { 204: z.null() },
    errors: changeErrors,
  }),
  replyTo: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/compose/replyTo/:mailboxId/:messageId',
    auth: 'session',
    summary: 'A pre-filled draft to reply, reply all or forward a message',
    tags,
    params: ReplyParams,
    query: ReplyQuery,
    responses: { 200: ReplyPrefill },
    errors,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/u/:userIndex/compose/attachments',
    auth: 'session',
    summary: 'Upload one attachment (multipart field `file`); the composer limits are enforced (422)',
    tags,
    params: ComposeParams,
    query: UploadQuery,
    multipart: true,
    files: { file: 'required' },
    responses: { 201: UploadAttachment },
    errors: [401, 404, 413, 415, 419, 422],
    timeoutMs: null,
  }),
  removeUpload: defineEndpoint({
    method: 'DELETE',
    path: '/u/:userIndex/compose/attachments/:attachmentId',
    auth: 'session',
    summary: 'Remove an uploaded attachment',
    tags,
    params: AttachmentIdParams,
    responses: { 204: z.null() },
    errors: [401, 404, 419, 422],
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/u/:userIndex/compose/send',
    auth: 'session',
    summary:
      'Send a draft: saved to Drafts, then queued (202, undo until dueAt) or sent at once (200). ' +
      'A repeated request for the same draftId answers the existing outbox entry.',
    tags,
    params: ComposeParams,
    body: SendRequest,
    responses: { 200: OutboxEntry, 202: OutboxEntry },
    errors: changeErrors,
    timeoutMs: draftTimeoutMs,
  }),
  outbox: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/compose/outbox',
    auth: 'session',
    summary: 'Outbox entries in flight or failed, and those finished within the last hour',
    tags,
    params: ComposeParams,
    responses: { 200: OutboxListResponse },
    errors,
  }),
  outboxEntry: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/compose/outbox/:outboxId',
    auth: 'session',
    summary: 'One outbox entry (status, due time, failure)',
    tags,
    params: OutboxParams,
    responses: { 200: OutboxEntry },
    errors,
  }),
  cancelSend: defineEndpoint({
    method: 'POST',
    path: '/u/:userIndex/compose/outbox/:outboxId/cancel',
    auth: 'session',
    summary: 'Undo send: cancels a queued entry (status `cancelled`); the draft stays in Drafts',
    tags,
    params: OutboxParams,
    responses: { 200: OutboxEntry },
    errors: changeErrors,
  }),
  recentParties: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/mailbox/compose/recentParties',
    auth: 'session',
    summary: 'Recipient autocomplete: people written to or received from, best first',
    tags,
    params: ComposeParams,
    query: RecentPartiesQuery,
    responses: { 200: RecentPartiesResponse },
    errors: [401, 422],
  }),
};
