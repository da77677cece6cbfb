import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ImageProxyQuery } from './reading.js';

/** Remote images of mail the user chose to show, fetched by the server (never by the browser directly). */
export const imageProxyEndpoints = {
  image: defineEndpoint({
    method: 'GET',
    path: '/proxy/image',
    auth: 'session',
    summary: "A remote image through the SSRF-guarded proxy (URL signed for the user's session, expires)",
    tags: ['reading'],
    query: ImageProxyQuery,
    responses: { 200: z.any().meta({ description: 'The image bytes (raster types only)' }) },
    raw: true,
    errors: [401, 403, 413, 415, 422, 429, 502, 504],
  }),
};
