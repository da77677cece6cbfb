import { defineEndpoint } from './endpoint.js';
import { MessageParams } from './messages.js';
import { UnsubscribeResult } from './unsubscribe.js';

/** Leaving a mailing list from one of its messages (RFC 2369 / RFC 8058). */
export const unsubscribeEndpoints = {
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/u/:userIndex/mailbox/:mailboxId/messages/:messageId/unsubscribe',
    auth: 'session',
    summary:
      "Unsubscribe from the message's list: one-click POST by the server, else the mailto mail, else the URL to open",
    tags: ['unsubscribe'],
    params: MessageParams,
    responses: { 200: UnsubscribeResult },
    errors: [401, 404, 419, 422, 429, 502, 503],
  }),
};
