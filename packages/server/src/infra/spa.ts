import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { cookieNames } from '@webmail/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { policyWithScripts } from './security-headers.js';

/**
 * Whether a page request will show the sign-in page: its own path, or `/` for a visitor without user 0's session
 * (the app sends that visitor there at once, `src/app/router.tsx` in the web package; the session is the readable
 * token-expiry cookie the app checks too). Other sign-in steps and the mail area's paths are not.
 */
function opensSignInPage(request: FastifyRequest, url: string): boolean {
  if (url === '/login/password') return true;
  return url === '/' && !request.cookies[cookieNames.tokenExpiry(0)];
}

/** The inline scripts of a page (those without `src`), for its CSP. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * The CSP of each of the build's HTML pages that carries inline scripts (packages/web/scripts/html-pages.ts: every
 * page starts the app once it has been painted, the drawn sign-in page also checks whether its drawing fits): the
 * usual policy with those scripts allowed by their hashes, whether the page is sent as the fallback or asked for by
 * its name (the service worker precaches `/index.html` with the headers it got).
 */
function pagePolicies(distDir: string): Map<string, string> {
  const policies = new Map<string, string>();
  for (const file of readdirSync(distDir).filter((name) => name.endsWith('.html'))) {
    const scripts = inlineScripts(readFileSync(path.join(distDir, file), 'utf8'));
    if (scripts.length > 0) policies.set(file, policyWithScripts(scripts));
  }
  return policies;
}

/**
 * The build's sign-in page for this deployment, or none (both are written by the web build):
 * - `sign-in.html` draws the built-in password form before any script runs, and an inline check hides the drawing
 *   where the app will look otherwise. Right only where the app shows that form alone:
 * - `sign-in-plain.html` (the page's chunks preloaded, nothing drawn) where single sign-on adds its button, an
 *   external sign-in application takes the visitor away, or password sign-in is off.
 */
function signInPage(distDir: string, drawn: boolean): string | null {
  const file = drawn ? 'sign-in.html' : 'sign-in-plain.html';
  return existsSync(path.join(distDir, file)) ? file : null;
}

export interface SpaOptions {
  /** The built web app. */
  distDir: string;
  /** Whether the sign-in page is the built-in password form alone (no single sign-on, no external application). */
  drawnSignInPage: boolean;
}

/**
 * Serves the built SPA. Unknown non-API GETs that accept HTML get index.html (history fallback), so deep
 * links like /u/0/abc/123 load the app. API paths keep their JSON 404. The sign-in page (and `/` without a session)
 * gets the build's sign-in page instead (`signInPage`): the same app, with the page's route chunks preloaded by the
 * HTML, and where it fits the page drawn before the app runs.
 */
export async function registerSpa(
  app: FastifyInstance,
  { distDir, drawnSignInPage }: SpaOptions,
): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  const signIn = hasBuild ? signInPage(distDir, drawnSignInPage) : null;
  const policies = hasBuild ? pagePolicies(distDir) : new Map<string, string>();
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
        const policy =
          path.dirname(file) === path.resolve(distDir) ? policies.get(path.basename(file)) : undefined;
        if (policy) res.header('Content-Security-Policy', policy);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' && !url.startsWith('/api') && request.headers.accept?.includes('text/html');
    if (wantsPage && hasBuild) {
      // The pages run the same app (the sign-in page only asks for more chunks early, and its drawing gives way to
      // the app), so either is right for any visitor, and `/` needs no `Vary: Cookie`.
      reply.header('Cache-Control', 'no-cache').type('text/html');
      const page = signIn && opensSignInPage(request, url) ? signIn : 'index.html';
      const policy = policies.get(page);
      if (policy) reply.header('Content-Security-Policy', policy);
      return reply.sendFile(page);
    }
    return reply.status(404).send({ code: 'NotFound', message: `No route ${request.method} ${url}` });
  });
}
