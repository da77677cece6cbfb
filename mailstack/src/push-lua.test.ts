import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { env, newMessage, runScenario } from './push-lua.testing.js';
import { prng } from './seed/prng.js';

/**
 * Unit tests of templates/dovecot/push.lua in a plain Lua 5.4 (the version Dovecot embeds), with a stub of the
 * `dovecot` table Dovecot gives the script (push-lua.testing.ts). The script's behaviour inside the real Dovecot
 * is in push.test.ts.
 */
describe('push.lua', () => {
  it('writes folder names as JSON that reads back exactly: every control character, quotes, backslashes, UTF-8', async () => {
    const rand = prng(31);
    const alphabet = [
      '"',
      '\\',
      '/',
      '\u007f',
      'ä',
      '€',
      '日',
      '🙂',
      'a',
      ' ',
      ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
    ];
    const names = [
      ...Array.from({ length: 32 }, (_, i) => `c${String.fromCharCode(i)}x`),
      'Quote "this" \\ back/Bär €',
      ...Array.from({ length: 40 }, () =>
        Array.from(
          { length: 1 + Math.floor(rand() * 12) },
          () => alphabet[Math.floor(rand() * alphabet.length)],
        ).join(''),
      ),
    ];
    const outcome = await runScenario({ env, transactions: [names.map((n, i) => newMessage(n, i + 1))] });
    expect(outcome.requests).toHaveLength(1);
    const body = outcome.requests[0]!.body as { events: Array<{ mailbox: string; uid: number }> };
    expect(body.events.map((e) => e.mailbox)).toEqual(names);
    expect(body.events.map((e) => e.uid)).toEqual(names.map((_, i) => i + 1));
  });

  it('sends one POST per transaction with the secret, flags and keywords as lists, a rename with its old name', async () => {
    const outcome = await runScenario({
      env,
      transactions: [
        [
          newMessage('INBOX', 7),
          {
            handler: 'flags_set',
            fields:
              'name = "FlagsSet", mailbox = "INBOX", uid = 3, uid_validity = 9, flags = { "\\\\Seen" }, keywords = { "$Work" }',
          },
          {
            handler: 'flags_clear',
            fields:
              'name = "FlagsClear", mailbox = "INBOX", uid = 3, uid_validity = 9, flags = {}, keywords = {}',
          },
        ],
        [
          {
            handler: 'mailbox_rename',
            fields: 'name = "MailboxRename", mailbox = "New", mailbox_old = "Old"',
          },
        ],
      ],
    });
    const pushUrl = expect.stringMatching(/^http:\/\/127\.0\.0\.1:9\/api\/mail-push\?push=/);
    expect(outcome.requests.map((r) => [r.url, r.method, r.headers])).toEqual([
      [
        pushUrl,
        'POST',
        { Authorization: `Bearer ${env.push_webmail_secret}`, 'Content-Type': 'application/json' },
      ],
      [
        pushUrl,
        'POST',
        { Authorization: `Bearer ${env.push_webmail_secret}`, 'Content-Type': 'application/json' },
      ],
    ]);
    expect(outcome.requests.map((r) => r.body)).toEqual([
      {
        user: 'u@example.test',
        more: false,
        events: [
          { event: 'MessageNew', mailbox: 'INBOX', uid: 7, uidValidity: 1700000000 },
          {
            event: 'FlagsSet',
            mailbox: 'INBOX',
            uid: 3,
            uidValidity: 9,
            flags: ['\\Seen'],
            keywords: ['$Work'],
          },
          { event: 'FlagsClear', mailbox: 'INBOX', uid: 3, uidValidity: 9, flags: [], keywords: [] },
        ],
      },
      {
        user: 'u@example.test',
        more: false,
        events: [{ event: 'MailboxRename', mailbox: 'New', oldMailbox: 'Old' }],
      },
    ]);
    expect(outcome.warnings).toEqual([]);
  });

  it('repeats a push in its URL: whole when short (any folder name), by its account alone when long', async () => {
    const rand = prng(32);
    const alphabet = ['"', '\\', '&', '?', '=', '%', '+', '#', ' ', 'ä', '日', '🙂', '\u0001', '\n', 'a'];
    const names = Array.from({ length: 30 }, () =>
      Array.from(
        { length: 1 + Math.floor(rand() * 20) },
        () => alphabet[Math.floor(rand() * alphabet.length)],
      ).join(''),
    );
    const short = await runScenario({ env, transactions: names.map((n, i) => [newMessage(n, i + 1)]) });
    expect(short.requests).toHaveLength(names.length);
    for (const r of short.requests) {
      const url = new URL(r.url);
      expect(url.origin + url.pathname).toBe(env.push_webmail_url);
      expect(JSON.parse(url.searchParams.get('push') ?? 'null')).toEqual(r.body);
    }
    const long = await runScenario({
      env: { ...env, push_webmail_url: `${env.push_webmail_url}?node=a` },
      transactions: [Array.from({ length: 60 }, (_, i) => newMessage('Big', i + 1))],
    });
    const url = new URL(long.requests[0]!.url);
    expect([...url.searchParams]).toEqual([
      ['node', 'a'],
      ['user', 'u@example.test'],
    ]);
  });

  it('cuts a mass change at 200 events and says there was more', async () => {
    const outcome = await runScenario({
      env,
      transactions: [Array.from({ length: 450 }, (_, i) => newMessage('Big', i + 1))],
    });
    const body = outcome.requests[0]!.body as { events: unknown[]; more: boolean };
    expect([outcome.requests.length, body.events.length, body.more]).toEqual([1, 200, true]);
  });

  it('bounds each POST by the configured timeout with a single attempt (default 50 ms)', async () => {
    const set = await runScenario({
      env: { ...env, push_webmail_timeout_msecs: '120' },
      transactions: [[newMessage('INBOX', 1)]],
    });
    const unset = await runScenario({ env, transactions: [[newMessage('INBOX', 1)]] });
    expect(set.clients).toEqual([{ absolute: 120, connect: 120, attempts: 1, noRetry: true }]);
    expect(unset.clients).toEqual([{ absolute: 50, connect: 50, attempts: 1, noRetry: true }]);
  });

  it('sends nothing without a URL, and only warns when the webmail fails or refuses (delivery goes on)', async () => {
    const none = await runScenario({ env: {}, transactions: [[newMessage('INBOX', 1)]] });
    expect([none.requests.length, none.clients.length, none.warnings]).toEqual([0, 0, []]);
    const failed = await runScenario({ env, fail: true, transactions: [[newMessage('INBOX', 1)]] });
    expect(failed.warnings).toEqual([expect.stringMatching(/push to webmail failed: .*connection refused/)]);
    const refused = await runScenario({ env, status: 401, transactions: [[newMessage('INBOX', 1)]] });
    expect(refused.warnings).toEqual(['push to webmail: HTTP 401 for 1 events']);
    // Dovecot's HTTP client reports a timeout or a failed connection as a status of 9000 and up.
    const late = await runScenario({ env, status: 9008, transactions: [[newMessage('INBOX', 1)]] });
    expect(late.warnings).toEqual(['push to webmail: no answer within 50 ms (9008)']);
  });

  describe('the spool of failed pushes (push_webmail_spool)', () => {
    const dirs: string[] = [];
    afterEach(() => {
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    });
    const spooled = () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'push-spool-'));
      dirs.push(dir);
      const spool = path.join(dir, 'pending');
      return { spool, env: { ...env, push_webmail_spool: spool } };
    };
    const push = (mailbox: string, uid: number) => ({
      user: 'u@example.test',
      more: false,
      events: [{ event: 'MessageNew', mailbox, uid, uidValidity: 1700000000 }],
    });

    it('sends a push that got no answer again with the next one that gets through, once, also from another process', async () => {
      const { spool, env: spoolEnv } = spooled();
      // One Lua state per mail user (in LMTP: per delivery): the failed push must outlive its state.
      const first = await runScenario({
        env: spoolEnv,
        answers: [9008],
        transactions: [[newMessage('INBOX', 1)]],
      });
      expect(first.requests.map((r) => r.body)).toEqual([push('INBOX', 1)]);
      expect(existsSync(spool)).toBe(true);
      const later = await runScenario({
        env: spoolEnv,
        answers: ['fail', 202, 202],
        transactions: [[newMessage('INBOX', 2)], [newMessage('Work', 3)], [newMessage('INBOX', 4)]],
      });
      expect(later.requests.map((r) => r.body)).toEqual([
        { ...push('INBOX', 2), earlier: [push('INBOX', 1)] },
        { ...push('Work', 3), earlier: [push('INBOX', 1), push('INBOX', 2)] },
        push('INBOX', 4),
      ]);
      // The URL repeats the push of the moment only: a rescue from it never needs the spool.
      const url = new URL(later.requests[1]!.url);
      expect(JSON.parse(url.searchParams.get('push') ?? 'null')).toEqual(push('Work', 3));
      expect(existsSync(spool)).toBe(false);
      expect(later.warnings).toEqual([expect.stringMatching(/push to webmail failed: .*connection refused/)]);
    });

    it('keeps what a 5xx answered, not what was refused for good (4xx)', async () => {
      const { env: spoolEnv } = spooled();
      const outcome = await runScenario({
        env: spoolEnv,
        answers: [401, 503, 202],
        transactions: [[newMessage('INBOX', 1)], [newMessage('INBOX', 2)], [newMessage('INBOX', 3)]],
      });
      expect(outcome.requests.map((r) => r.body)).toEqual([
        push('INBOX', 1),
        push('INBOX', 2),
        { ...push('INBOX', 3), earlier: [push('INBOX', 2)] },
      ]);
    });

    it('is bounded: past 256 KB a push is not kept, and the next push that gets through says so (lost)', async () => {
      const { spool, env: spoolEnv } = spooled();
      const big = (n: number) => Array.from({ length: 200 }, (_, i) => newMessage('Big', n * 1000 + i + 1));
      const failing = Array.from({ length: 30 }, (_, n) => big(n));
      const outcome = await runScenario({
        env: spoolEnv,
        answers: [...failing.map(() => 9008), 202, 202],
        transactions: [...failing, [newMessage('INBOX', 1)], [newMessage('INBOX', 2)]],
      });
      expect(outcome.requests).toHaveLength(32);
      const flush = outcome.requests[30]!.body as { earlier: Array<{ events: unknown[] }>; lost?: boolean };
      expect(flush.lost).toBe(true);
      expect(flush.earlier.length).toBeGreaterThan(10);
      expect(flush.earlier.length).toBeLessThan(30);
      expect(flush.earlier.every((p) => p.events.length === 200)).toBe(true);
      expect(outcome.requests[31]!.body).toEqual(push('INBOX', 2));
      expect([existsSync(spool), existsSync(`${spool}.lost`)]).toEqual([false, false]);
      expect(outcome.warnings.filter((w) => w.includes('spool full')).length).toBeGreaterThan(0);
    });
  });
});
