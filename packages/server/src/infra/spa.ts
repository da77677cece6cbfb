import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA. Unknown non-API GETs that accept HTML get index.html (history fallback), so deep
 * links like /u/0/abc/123 load the app. API paths keep their JSON 404.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: path.resolve(distDir),
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each text file (packages/web/scripts/precompress.ts); a browser
      // that accepts one gets it, with `Content-Encoding` and `Vary: Accept-Encoding`.
      preCompressed: true,
      // Hashed assets can be cached for a year. Everything else is revalidated on every request: index.html, and the
      // service worker (`sw.js`, its `workbox-*.js`) and `manifest.webmanifest`, whose update check must see a new
      // build at once (test/http/spa-caching.test.ts).
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' && !url.startsWith('/api') && request.headers.accept?.includes('text/html');
    if (wantsPage && hasBuild) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ code: 'NotFound', message: `No route ${request.method} ${url}` });
  });
}
