import { describe, expect, it } from 'vitest';
import { unavailableErrorOf } from '../../infra/http/unavailable-errors.js';
import { MailServerRefusal, readAgainIfLost, refusedUnless } from './mail-refusal.js';

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

describe('readAgainIfLost: a read on a lost connection', () => {
  const lost = () => Object.assign(new Error('Connection not available'), { code: 'NoConnection' });
  const reads = (...outcomes: Array<Error | string>) => {
    let calls = 0;
    const read = async () => {
      const outcome = outcomes[calls++];
      if (outcome instanceof Error) throw outcome;
      return outcome;
    };
    return { read, calls: () => calls };
  };

  it('is asked once more when the connection was lost during it', async () => {
    const r = reads(lost(), 'listed');
    await expect(readAgainIfLost(r.read)).resolves.toBe('listed');
    expect(r.calls()).toBe(2);
  });

  it('is not asked again after a refusal or another error, nor a third time', async () => {
    const refused = reads(new MailServerRefusal('LIST'), 'never');
    await expect(readAgainIfLost(refused.read)).rejects.toBeInstanceOf(MailServerRefusal);
    expect(refused.calls()).toBe(1);
    const twice = reads(lost(), lost(), 'never');
    await expect(readAgainIfLost(twice.read)).rejects.toMatchObject({ code: 'NoConnection' });
    expect(twice.calls()).toBe(2);
  });
});
