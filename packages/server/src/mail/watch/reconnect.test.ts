import { describe, expect, it } from 'vitest';
import { Reconnect } from './reconnect.js';

describe('reconnect schedule', () => {
  it('doubles from 1 s up to 60 s, each delay jittered between half and all of its ceiling', () => {
    for (const r of [0, 0.01, 0.25, 0.5, 0.99, 1]) {
      const schedule = new Reconnect({ random: () => r }, async () => undefined);
      for (let failures = 1; failures <= 16; failures += 1) {
        const ceiling = Math.min(60_000, 1000 * 2 ** (failures - 1));
        expect(schedule.delayAfter(failures)).toBe(Math.round(ceiling / 2 + (r * ceiling) / 2));
      }
    }
  });

  it('keeps trying after every failure, says when it is back, and stops when told', async () => {
    const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
    let up = false;
    const states: boolean[] = [];
    const schedule = new Reconnect(
      {
        random: () => 0,
        setTimer: (run, ms) => {
          const t = { run, ms, cancelled: false };
          timers.push(t);
          return { cancel: () => (t.cancelled = true) };
        },
      },
      async () => {
        if (!up) throw new Error('refused');
      },
    );
    const tick = async () => {
      timers.at(-1)!.run();
      await new Promise((r) => setImmediate(r));
    };
    schedule.begin(
      (on) => states.push(on),
      () => undefined,
    );
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 9; i += 1) await tick();
    expect(timers.map((t) => t.ms)).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000,
    ]);
    up = true;
    await tick();
    expect(states.at(-1)).toBe(true);
    // A loss after a success starts from the first delay again.
    schedule.lost();
    expect(timers.at(-1)!.ms).toBe(500);
    schedule.stop();
    expect(timers.at(-1)!.cancelled).toBe(true);
  });
});
