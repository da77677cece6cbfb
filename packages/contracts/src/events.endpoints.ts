import { z } from 'zod';
import { UserIndexParams } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { EventStreamQuery } from './events.js';

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
};
