import { OkResponse, UserIndexParams } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { SnoozeChangeInput, SnoozedItem, SnoozedList, SnoozedParams, SnoozeInput } from './snooze.js';

const tags = ['snooze'] as const;
const changeErrors = [401, 403, 404, 419, 422, 502, 503] as const;

/** Snooze: messages sleep in the snoozed mailbox until their awaken time, then return unread. */
export const snoozeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/snoozed',
    auth: 'session',
    summary: 'Snoozed messages with their awaken time and target folder',
    tags,
    params: UserIndexParams,
    responses: { 200: SnoozedList },
    errors: [401, 422, 503],
  }),
  snooze: defineEndpoint({
    method: 'POST',
    path: '/u/:userIndex/snoozed',
    auth: 'session',
    summary: 'Snooze messages until a time (moves them to the snoozed mailbox, created at first use)',
    tags,
    params: UserIndexParams,
    body: SnoozeInput,
    responses: { 200: SnoozedList },
    errors: changeErrors,
  }),
  change: defineEndpoint({
    method: 'PATCH',
    path: '/u/:userIndex/snoozed/:id',
    auth: 'session',
    summary: 'Change the awaken time of a snoozed message',
    tags,
    params: SnoozedParams,
    body: SnoozeChangeInput,
    responses: { 200: SnoozedItem },
    errors: changeErrors,
  }),
  unsnooze: defineEndpoint({
    method: 'DELETE',
    path: '/u/:userIndex/snoozed/:id',
    auth: 'session',
    summary: 'Wake a snoozed message now (back to its folder, unread)',
    tags,
    params: SnoozedParams,
    responses: { 200: OkResponse },
    errors: changeErrors,
  }),
};
