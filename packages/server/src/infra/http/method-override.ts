import type { IncomingMessage } from 'node:http';
import { methodOverrideHeader, methodOverrideQuery, overridableMethods } from '@webmail/contracts';

const allowed = new Set<string>(overridableMethods);
const queryPattern = new RegExp(`([?&])${methodOverrideQuery}=([^&]*)&?`);

/**
 * Method override: a POST carrying `X-HTTP-Method-Override: PATCH` (or `?_method=PATCH`) is routed as a PATCH
 * (likewise PUT and DELETE; nothing else, and never from another method, so a GET cannot become a change).
 * Some proxies refuse or drop multipart bodies on PATCH, so clients send those as POST.
 *
 * It runs as Fastify's `rewriteUrl`, the one callback that sees the raw request before the router picks the
 * route (hooks run after routing). It returns the URL without `_method`, so the route's strict query schema
 * never sees it; the XSRF check and everything else then see the real method.
 *
 * It must never throw: Fastify calls it outside every error handler, so an exception here ends the process.
 * A value that is not valid percent-encoding (`?_method=%`) is no override; the request stays a POST.
 */
export function applyMethodOverride(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (req.method !== 'POST') return url;
  const header = req.headers[methodOverrideHeader.toLowerCase()];
  const match = queryPattern.exec(url);
  const wanted = (
    typeof header === 'string' ? header : match ? decodedOrEmpty(match[2] ?? '') : ''
  ).toUpperCase();
  if (wanted && allowed.has(wanted)) req.method = wanted;
  if (!match) return url;
  return url.replace(queryPattern, (_all, lead: string) => lead).replace(/[?&]$/, '');
}

function decodedOrEmpty(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
