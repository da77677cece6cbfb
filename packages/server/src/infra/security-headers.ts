import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The SPA's CSP: everything from our own origin; inline styles for MUI's emotion; images also from data:
 * and blob: (inline mail images, previews). Mail HTML gets its own stricter CSP inside its sandboxed
 * iframe. No third-party origin appears anywhere: nothing loads from a CDN.
 */
const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The same policy for a page that carries inline scripts of its own (the drawn sign-in page's check, see spa.ts):
 * each is allowed by its SHA-256 hash, and no other inline script is.
 */
export function policyWithScripts(scripts: string[]): string {
  const hashes = scripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  const withScripts = { ...directives, scriptSrc: [...directives.scriptSrc, ...hashes] };
  return Object.entries(withScripts)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join(';');
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    // The mail iframe is same-origin srcdoc; COEP would block nothing useful and breaks downloads in some browsers.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
}
