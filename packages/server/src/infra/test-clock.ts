import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

/** Where timed work (send later) reads the time, so tests can move it instead of waiting. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The wall clock plus an offset that only moves forward (a job never sees time run back). */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): number {
    this.offsetMs += Math.max(0, ms);
    return this.now();
  }

  /** Moves the clock to `at` (never backwards). */
  set(at: number): number {
    return this.advance(at - this.now());
  }
}

const ClockRequest = z
  .object({ advanceMs: z.number().int().min(0).optional(), at: z.iso.datetime({ offset: true }).optional() })
  .strict();
const ClockResponse = z.object({ now: z.iso.datetime() });

/**
 * TEST ONLY (`TEST_CLOCK=1`, which the configuration refuses with NODE_ENV=production): `POST /api/test/clock`
 * moves the server's clock so an end-to-end test sees a scheduled send leave without waiting. `jobs` runs the
 * timed jobs at once after the move. Not in the API document and not registered at all otherwise.
 */
export function testClockRoutes(clock: MovableClock, afterMove: () => Promise<void>): FastifyPluginAsync {
  return async (app) => {
    app.route({
      method: 'POST',
      url: '/test/clock',
      config: { auth: 'public', xsrf: false },
      schema: { hide: true, body: ClockRequest, response: { 200: ClockResponse } },
      handler: async (request) => {
        const body = request.body as z.infer<typeof ClockRequest>;
        if (body.at) clock.set(Date.parse(body.at));
        if (body.advanceMs) clock.advance(body.advanceMs);
        await afterMove();
        return { now: new Date(clock.now()).toISOString() };
      },
    });
  };
}
