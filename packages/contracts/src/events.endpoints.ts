import { z } from 'zod';
import { UserIndexParams } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { EventStreamQuery } from './events.js';
import { MailPushRequest } from './mail-push.js';

/** The live event stream of one signed-in account. */
export const eventsEndpoints = {
  stream: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex',
    auth: 'session',
    summary:
      'Server-sent events (text/event-stream): mail changes and the changes made in the webmail; `id` resumes after a reconnect',
    tags: ['events'],
    params: UserIndexParams,
    query: EventStreamQuery,
    responses: { 200: z.any().meta({ description: 'text/event-stream, one JSON AppEvent per message' }) },
    raw: true,
    errors: [401, 422, 429],
    timeoutMs: null,
  }),
  mailPush: defineEndpoint({
    method: 'POST',
    path: '/mail-push',
    auth: 'public',
    summary:
      "The mail server's live changes of one mailbox transaction, with those it could not deliver before (Dovecot push_notification, push.lua; bearer secret); answered at once, read afterwards",
    tags: ['events'],
    body: MailPushRequest,
    responses: { 202: z.object({ accepted: z.boolean() }) },
    errors: [401, 404, 422],
  }),
};
