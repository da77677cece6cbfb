import { describe, expect, it } from 'vitest';
import { unavailableErrorOf } from '../../infra/http/unavailable-errors.js';
import { MailServerRefusal, refusedUnless } from './mail-refusal.js';

describe('refusedUnless: what an imapflow `false` means', () => {
  const thrown = (run: () => unknown) => {
    try {
      run();
    } catch (err) {
      return err;
    }
    throw new Error('nothing thrown');
  };

  it('passes a result through', () => {
    expect(refusedUnless({ uid: 7 }, 'APPEND', { usable: true })).toEqual({ uid: 7 });
  });

  it('on a connection still usable: the server said no, a 502 that stays one', () => {
    const err = thrown(() => refusedUnless(false, 'MOVE', { usable: true }));
    expect(err).toBeInstanceOf(MailServerRefusal);
    expect((err as MailServerRefusal).status).toBe(502);
    expect(unavailableErrorOf(err)).toBeNull();
  });

  it('on a connection gone meanwhile: answered 503 with Retry-After, not "refused"', () => {
    for (const result of [false, null, undefined]) {
      const unavailable = unavailableErrorOf(thrown(() => refusedUnless(result, 'MOVE', { usable: false })));
      expect(unavailable?.status).toBe(503);
      expect(unavailable?.code).toBe('MailServerUnavailable');
      expect(unavailable?.headers?.['Retry-After']).toMatch(/^[1-9]\d*$/);
    }
  });
});
