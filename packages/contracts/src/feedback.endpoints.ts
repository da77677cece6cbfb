import { UserIndexParams } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { FeedbackInput, FeedbackResult } from './feedback.js';

/** Feedback (`POST /feedback`): stored, and mailed to the operator's `FEEDBACK_EMAIL` when set. */
export const feedbackEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/u/:userIndex/feedback',
    auth: 'session',
    summary: 'Send feedback (stars and text)',
    tags: ['feedback'] as const,
    params: UserIndexParams,
    body: FeedbackInput,
    responses: { 201: FeedbackResult },
    errors: [401, 419, 422, 429],
  }),
};
