import { Catalogue, TranslationsParams } from './locales.js';
import { HealthResponse, LivenessResponse, ReadinessResponse } from './common.js';
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
  /** For a process supervisor: answers while the event loop runs; checks nothing else. */
  live: defineEndpoint({
    method: 'GET',
    path: '/health/live',
    auth: 'public',
    summary: 'Liveness probe: the process answers',
    tags: ['system'],
    responses: { 200: LivenessResponse },
    errors: [],
  }),
  /** For a load balancer: 503 while the database, its migrations or the IMAP server are not usable. */
  ready: defineEndpoint({
    method: 'GET',
    path: '/health/ready',
    auth: 'public',
    summary: 'Readiness probe: database reachable, migrations applied, IMAP server reachable',
    tags: ['system'],
    responses: { 200: ReadinessResponse, 503: ReadinessResponse },
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
