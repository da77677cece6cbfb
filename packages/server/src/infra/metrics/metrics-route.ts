import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * The Prometheus scrape endpoint, outside `/api` (not part of the API document). With `METRICS_TOKEN` it asks for
 * `Authorization: Bearer <token>`; without one it answers only connections from this host that came through no
 * proxy: a reverse proxy on the same host would otherwise publish it, so a forwarded request is refused even
 * from loopback. Refusals are 404, so the path tells nothing to whoever may not read it.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  options: { path: string; token: string | null },
  metrics: Metrics,
): void {
  app.get(options.path, { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, options.token))
      return reply.code(404).send({ code: 'NotFound', message: 'Not found' });
    const { contentType, body } = await metrics.text();
    return reply.header('Content-Type', contentType).header('Cache-Control', 'no-store').send(body);
  });
}

function allowed(request: FastifyRequest, token: string | null): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const wanted = Buffer.from(`Bearer ${token}`);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return !forwarded && isLoopback(request.socket.remoteAddress ?? '');
}

function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}
