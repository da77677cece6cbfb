import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { OwnerMail } from '../../mail/owner-mail.js';
import type { MailSession } from '../../mail/mail-session.js';
import { SnoozeWakeJob } from './snooze-job.js';
import type { SnoozedRow, SnoozeRepository } from './snooze.repository.js';
import type { SnoozeService } from './snooze.service.js';

/** Accounts due, each with `perAccount` rows; a row goes to the first claimant only. */
function fakeRepo(accounts: string[], perAccount: number) {
  const claimed = new Set<string>();
  const repo = {
    accountsDue: async () => accounts.filter((a) => !claimed.has(a)),
    claimDue: async (account: string) => {
      if (claimed.has(account)) return [];
      claimed.add(account);
      return Array.from({ length: perAccount }, (_, i) => ({ id: `${account}-${i}`, account }) as SnoozedRow);
    },
  };
  return repo as unknown as SnoozeRepository;
}

/**
 * The pool, in isolation: how many accounts the pass has in the mail layer at once (the integration test in
 * test/snooze wakes real accounts against the mail server).
 */
describe('snooze wake pass', () => {
  for (const [accounts, concurrency] of [
    [20, 8],
    [3, 8],
    [10, 1],
    [9, 4],
  ] as const) {
    it(`wakes ${accounts} accounts with at most ${concurrency} at once, each once`, async () => {
      const names = Array.from({ length: accounts }, (_, i) => `u${i}@example.test`);
      let inFlight = 0;
      let most = 0;
      const woken: string[] = [];
      const owners = {
        available: true,
        run: async (account: string, _job: string, fn: (mail: MailSession) => Promise<number>) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          // Every account waits for the others to start as far as the pool lets them.
          await new Promise((resolve) => setImmediate(resolve));
          await new Promise((resolve) => setImmediate(resolve));
          inFlight -= 1;
          return fn({ email: account } as MailSession);
        },
      } as unknown as OwnerMail;
      const service = {
        wake: async (mail: MailSession, rows: SnoozedRow[]) => {
          woken.push(...rows.map((r) => r.id));
          return rows.length;
        },
      } as unknown as SnoozeService;
      const job = new SnoozeWakeJob({
        service,
        repo: fakeRepo(names, 2),
        woken: { expire: async () => {} },
        owners,
        clock: { now: () => 0 },
        intervalMs: 1000,
        concurrency,
        claimLeaseMs: 1000,
        node: 'test',
        log: {} as FastifyBaseLogger,
      });
      const done = await job.runOnce(1000);
      expect(most).toBe(Math.min(accounts, concurrency));
      expect([...done.values()]).toEqual(names.map(() => 2));
      expect(new Set(woken).size).toBe(woken.length);
      expect(woken).toHaveLength(accounts * 2);
      expect((await job.runOnce(1000)).size).toBe(0);
    });
  }
});
