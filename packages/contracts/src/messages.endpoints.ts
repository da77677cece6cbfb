import { UserIndexParams } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { MailboxParams } from './mailboxes.js';
import { MassActionRequest, MassActionResponse } from './mass-actions.js';
import {
  MessageDetail,
  MessageFlagsPatch,
  MessageFlagsResponse,
  MessageListQuery,
  MessageListResponse,
  MessageParams,
} from './messages.js';
import { MessageDetailQuery } from './reading.js';

const tags = ['messages'] as const;
const readErrors = [401, 404, 422, 503] as const;

/** A folder's list, one message, its flags and attachments, and mass actions. */
export const messagesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/mailbox/:mailboxId/messages',
    auth: 'session',
    summary:
      'One page of a folder, newest first by default (`sort`, `order`): messages, or conversations (`mode`)',
    tags,
    params: MailboxParams,
    query: MessageListQuery,
    responses: { 200: MessageListResponse },
    errors: [...readErrors, 502],
  }),
  message: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/mailbox/:mailboxId/messages/:messageId',
    auth: 'session',
    summary: 'One message: headers, sanitized HTML, text and attachment list',
    tags,
    params: MessageParams,
    query: MessageDetailQuery,
    responses: { 200: MessageDetail },
    errors: [...readErrors, 502],
  }),
  updateFlags: defineEndpoint({
    method: 'PATCH',
    path: '/u/:userIndex/mailbox/:mailboxId/messages/:messageId',
    auth: 'session',
    summary: 'Mark one message seen/unseen or flagged/unflagged',
    tags,
    params: MessageParams,
    body: MessageFlagsPatch,
    responses: { 200: MessageFlagsResponse },
    errors: [...readErrors, 419, 502],
  }),
  massAction: defineEndpoint({
    method: 'POST',
    path: '/u/:userIndex/mailbox/massAction',
    auth: 'session',
    summary: 'Flag, mark, move, trash, archive, spam or delete many messages at once',
    tags,
    params: UserIndexParams,
    body: MassActionRequest,
    responses: { 200: MassActionResponse },
    errors: [401, 403, 404, 419, 422, 502, 503],
    timeoutMs: null,
  }),
};
