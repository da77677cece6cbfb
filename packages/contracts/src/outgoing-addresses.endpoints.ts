import { z } from 'zod';
import { OkResponse, UserIndexParams } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import {
  OutgoingAddress,
  OutgoingAddressCreate,
  OutgoingAddressesResponse,
  OutgoingAddressLinkParams,
  OutgoingAddressParams,
  OutgoingAddressPatch,
  OutgoingAddressVerify,
} from './outgoing-addresses.js';

const tags = ['settings'] as const;
const base = '/u/:userIndex/settings/whitelist';

/**
 * Outgoing addresses: GET /settings/whitelist, GET /settings/whitelist/verified, PATCH and DELETE
 * /settings/whitelist/{id} follow the original product's API, which has no call that adds one; POST on the list,
 * verify and resend are ours, in the same style.
 */
export const outgoingAddressesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    auth: 'session',
    summary: 'Every outgoing address, verified or waiting for its code',
    tags,
    params: UserIndexParams,
    responses: { 200: OutgoingAddressesResponse },
    errors: [401],
  }),
  verified: defineEndpoint({
    method: 'GET',
    path: `${base}/verified`,
    auth: 'session',
    summary: 'The verified outgoing addresses (the From choices of the composer besides the account)',
    tags,
    params: UserIndexParams,
    responses: { 200: OutgoingAddressesResponse },
    errors: [401],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: base,
    auth: 'session',
    summary: 'Add an address and send it a verification mail with a link and a code',
    tags,
    params: UserIndexParams,
    body: OutgoingAddressCreate,
    responses: { 201: OutgoingAddress },
    errors: [401, 419, 422, 429, 502],
    timeoutMs: 30_000,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `${base}/:id`,
    auth: 'session',
    summary: 'Change the display name of an outgoing address',
    tags,
    params: OutgoingAddressParams,
    body: OutgoingAddressPatch,
    responses: { 200: OutgoingAddress },
    errors: [401, 404, 419, 422],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    auth: 'session',
    summary: 'Remove an outgoing address (the mail server no longer lets the account send as it)',
    tags,
    params: OutgoingAddressParams,
    responses: { 200: OkResponse },
    errors: [401, 404, 419],
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: `${base}/:id/verify`,
    auth: 'session',
    summary: 'Confirm an address with the code of its verification mail',
    tags,
    params: OutgoingAddressParams,
    body: OutgoingAddressVerify,
    responses: { 200: OutgoingAddress },
    errors: [401, 404, 419, 422],
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: `${base}/:id/resend`,
    auth: 'session',
    summary: 'Send a new verification mail (a new code; the old one stops working)',
    tags,
    params: OutgoingAddressParams,
    responses: { 200: OutgoingAddress },
    errors: [401, 404, 419, 422, 429, 502],
    timeoutMs: 30_000,
  }),
  confirmLink: defineEndpoint({
    method: 'GET',
    path: '/settings/whitelist/confirm/:token',
    auth: 'public',
    summary: 'The link of the verification mail: confirms the address and redirects to the app',
    tags,
    params: OutgoingAddressLinkParams,
    responses: { 303: z.null() },
    raw: true,
    errors: [404, 422],
  }),
};
