import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The SPA's CSP: everything from our own origin; inline styles for MUI's emotion; images also from data:
 * and blob: (inline mail images, previews). Mail HTML gets its own stricter CSP inside its sandboxed
 * iframe. No third-party origin appears anywhere: nothing loads from a CDN.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
      },
    },
    // The mail iframe is same-origin srcdoc; COEP would block nothing useful and breaks downloads in some browsers.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
}
