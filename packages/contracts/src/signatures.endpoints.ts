import { z } from 'zod';
import { UserIndexParams } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import {
  Signature,
  SignatureCreate,
  SignatureParams,
  SignaturePatch,
  SignaturesResponse,
} from './signatures.js';

const tags = ['signatures'] as const;
const base = '/u/:userIndex/signatures';

/** Signatures (the settings/signatures page); 403 `signaturesDisabled` when the plan switches them off. */
export const signaturesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    auth: 'session',
    feature: 'signatures',
    summary: 'The signatures, the default first, then by name',
    tags,
    params: UserIndexParams,
    responses: { 200: SignaturesResponse },
    errors: [401, 403],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${base}/:id`,
    auth: 'session',
    feature: 'signatures',
    summary: 'One signature',
    tags,
    params: SignatureParams,
    responses: { 200: Signature },
    errors: [401, 403, 404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: base,
    auth: 'session',
    feature: 'signatures',
    summary: 'Add a signature (default: true makes it the default and unmarks the old one)',
    tags,
    params: UserIndexParams,
    body: SignatureCreate,
    responses: { 201: Signature },
    errors: [401, 403, 413, 419, 422],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `${base}/:id`,
    auth: 'session',
    feature: 'signatures',
    summary: 'Change a signature’s name, text or default flag',
    tags,
    params: SignatureParams,
    body: SignaturePatch,
    responses: { 200: Signature },
    errors: [401, 403, 404, 413, 419, 422],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    auth: 'session',
    feature: 'signatures',
    summary: 'Delete a signature',
    tags,
    params: SignatureParams,
    responses: { 204: z.null() },
    errors: [401, 403, 404, 419],
  }),
};
