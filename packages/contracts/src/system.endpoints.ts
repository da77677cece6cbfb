import { Catalogue, TranslationsParams } from './locales.js';
import { HealthResponse } from './common.js';
import { defineEndpoint } from './endpoint.js';

/** Health check and the message catalogue: public, no session. */
export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/',
    auth: 'public',
    summary: 'Health check; also issues a fresh XSRF-TOKEN cookie',
    tags: ['system'],
    responses: { 200: HealthResponse },
    errors: [],
  }),
  catalogue: defineEndpoint({
    method: 'GET',
    path: '/translations/:lang/:catalogue',
    auth: 'public',
    summary: 'Message catalogue of one language, all namespaces',
    tags: ['system'],
    params: TranslationsParams,
    responses: { 200: Catalogue },
    errors: [422],
  }),
};
