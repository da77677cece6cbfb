import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prng } from './seed/prng.js';
import { MAILSTACK_HOME } from './stack-config.js';

/**
 * Unit tests of templates/dovecot/push.lua in a plain Lua 5.4 (the version Dovecot embeds), with a stub of the
 * `dovecot` table Dovecot gives the script: its HTTP client records what would be sent. The script's behaviour
 * inside the real Dovecot is in push.test.ts.
 */
const script = path.join(MAILSTACK_HOME, 'templates/dovecot/push.lua');

/** A Lua string literal for any text: every byte as a decimal escape. */
const lua = (s: string) => `"${[...Buffer.from(s, 'utf8')].map((b) => `\\${b}`).join('')}"`;

interface Outcome {
  requests: Array<{ url: string; method: string; headers: Record<string, string>; body: unknown }>;
  clients: Array<Record<string, number | boolean>>;
  warnings: string[];
}

interface Scenario {
  env: Record<string, string>;
  /** Each transaction: the events' Lua handler suffix and the event table's fields (Lua source). */
  transactions: Array<Array<{ handler: string; fields: string }>>;
  status?: number;
  fail?: boolean;
}

const stub = `
local out = { requests = {}, clients = {}, warnings = {} }
local STATUS, FAIL = ...
STATUS, FAIL = tonumber(STATUS), FAIL == "true"
dovecot = {
  i_warning = function(m) out.warnings[#out.warnings + 1] = m end,
  http = { client = function(settings)
    out.clients[#out.clients + 1] = settings
    return { request = function(self, opts)
      local req = { url = opts.url, method = opts.method, headers = {} }
      function req:add_header(k, v) self.headers[k] = v end
      function req:set_payload(p) self.payload = p end
      function req:submit()
        if FAIL then error("connection refused") end
        out.requests[#out.requests + 1] = self
        return { status = function() return STATUS end }
      end
      return req
    end }
  end },
}
`;

/** Prints what was recorded, one tab-separated line per item (payloads are JSON: no raw line breaks). */
const report = `
for _, r in ipairs(out.requests) do
  local h = {}
  for k, v in pairs(r.headers) do h[#h + 1] = k .. "=" .. v end
  table.sort(h)
  print("REQ\\t" .. r.url .. "\\t" .. r.method .. "\\t" .. table.concat(h, "&") .. "\\t" .. r.payload)
end
for _, c in ipairs(out.clients) do
  print("CLIENT\\t" .. c.request_absolute_timeout_msecs .. "\\t" .. c.connect_timeout_msecs .. "\\t" ..
    c.max_attempts .. "\\t" .. tostring(c.no_auto_retry))
end
for _, w in ipairs(out.warnings) do print("WARN\\t" .. w) end
`;

function runScenario(s: Scenario): Promise<Outcome> {
  const env = Object.entries(s.env)
    .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
    .join(', ');
  const transactions = s.transactions
    .map(
      (events) => `do
  local user = { username = "u@example.test" }
  local env = { ${env} }
  function user:plugin_getenv(k) return env[k] end
  local ctx = dovecot_lua_notify_begin_txn(user)
  ${events.map((e) => `dovecot_lua_notify_event_${e.handler}(ctx, { ${e.fields} })`).join('\n  ')}
  dovecot_lua_notify_end_txn(ctx)
end`,
    )
    .join('\n');
  const source = `${stub}\ndofile(${lua(script)})\n${transactions}\n${report}`;
  return new Promise((resolve, reject) => {
    const child = execFile(
      'lua5.4',
      ['-', String(s.status ?? 202), s.fail ? 'true' : ''],
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`lua5.4: ${error.message}\n${stderr}`));
        try {
          const outcome: Outcome = { requests: [], clients: [], warnings: [] };
          for (const line of stdout.split('\n')) {
            const [kind, ...rest] = line.split('\t');
            if (kind === 'REQ') {
              const [url = '', method = '', headers = '', payload = ''] = rest;
              outcome.requests.push({
                url,
                method,
                headers: Object.fromEntries(
                  headers.split('&').map((h) => h.split('=', 2) as [string, string]),
                ),
                body: JSON.parse(payload) as unknown,
              });
            } else if (kind === 'CLIENT') {
              const [absolute, connect, attempts, noRetry] = rest;
              outcome.clients.push({
                absolute: Number(absolute),
                connect: Number(connect),
                attempts: Number(attempts),
                noRetry: noRetry === 'true',
              });
            } else if (kind === 'WARN') outcome.warnings.push(rest.join('\t'));
          }
          resolve(outcome);
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      },
    );
    child.stdin?.end(source);
  });
}

const env = {
  push_webmail_url: 'http://127.0.0.1:9/api/mail-push',
  push_webmail_secret: 's3cret-s3cret-s3cret',
};
const newMessage = (mailbox: string, uid: number) => ({
  handler: 'message_new',
  fields: `name = "MessageNew", mailbox = ${lua(mailbox)}, uid = ${uid}, uid_validity = 1700000000.0`,
});

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
    expect(outcome.requests.map((r) => [r.url, r.method, r.headers])).toEqual([
      [
        env.push_webmail_url,
        'POST',
        { Authorization: `Bearer ${env.push_webmail_secret}`, 'Content-Type': 'application/json' },
      ],
      [
        env.push_webmail_url,
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
