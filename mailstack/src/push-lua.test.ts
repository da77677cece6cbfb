import { describe, expect, it } from 'vitest';
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
});
