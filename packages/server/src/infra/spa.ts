import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { cookieNames } from '@webmail/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Whether a page request will show the sign-in page: its own path, or `/` for a visitor without user 0's session
 * (the app sends that visitor there at once, `src/app/router.tsx` in the web package; the session is the readable
 * token-expiry cookie the app checks too). Other sign-in steps and the mail area's paths are not.
 */
function opensSignInPage(request: FastifyRequest, url: string): boolean {
  if (url === '/login/password') return true;
  return url === '/' && !request.cookies[cookieNames.tokenExpiry(0)];
}

/**
 * Serves the built SPA. Unknown non-API GETs that accept HTML get index.html (history fallback), so deep
 * links like /u/0/abc/123 load the app. API paths keep their JSON 404. The sign-in page (and `/` without a session)
 * gets the build's `sign-in.html` instead: the same app, with the page's route chunks preloaded by the HTML
 * (packages/web/scripts/sign-in-page.ts).
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  const hasSignInPage = existsSync(path.join(distDir, 'sign-in.html'));
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
      const page = hasSignInPage && opensSignInPage(request, url) ? 'sign-in.html' : 'index.html';
      // Both pages run the same app (one only asks for more chunks early), so either is right for any visitor, and
      // `/` needs no `Vary: Cookie`.
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile(page);
    }
    return reply.status(404).send({ code: 'NotFound', message: `No route ${request.method} ${url}` });
  });
}
