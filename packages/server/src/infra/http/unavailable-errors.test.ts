import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { unavailableErrorOf } from './unavailable-errors.js';

/** Which errors pass as a 503 with Retry-After (a fault that passes), and which are the client's own. */
describe('unavailableErrorOf', () => {
  const socketError = (code: string, extra: Record<string, unknown> = {}) =>
    Object.assign(new Error(code === 'ECONNRESET' ? 'read ECONNRESET' : code), { code, ...extra });

  it('takes a peer gone (the database, the mail server behind it) for a fault that passes', () => {
    for (const code of ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']) {
      expect(unavailableErrorOf(socketError(code))).toMatchObject({
        code: 'ServiceUnavailable',
        status: 503,
      });
      // Also inside another error.
      const wrapped = new Error('the query failed', { cause: socketError(code) });
      expect(unavailableErrorOf(wrapped)).toMatchObject({ status: 503 });
    }
    expect(unavailableErrorOf(socketError('NoConnection'))).toMatchObject({ code: 'MailServerUnavailable' });
  });

  it("leaves the client's own errors alone: a body it stopped sending, any framework 4xx", () => {
    // What Fastify's body reader gives when the browser goes away during an upload.
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(unavailableErrorOf(aborted)).toBeNull();
    for (const statusCode of [400, 408, 413, 415, 499])
      expect(unavailableErrorOf(socketError('ECONNRESET', { statusCode }))).toBeNull();
    expect(unavailableErrorOf(new AppError('NotFound', 404, 'gone'))).toBeNull();
  });
});
