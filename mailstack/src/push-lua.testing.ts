import { execFile } from 'node:child_process';
import path from 'node:path';
import { MAILSTACK_HOME } from './stack-config.js';

/**
 * Runs templates/dovecot/push.lua in a plain Lua 5.4 (the version Dovecot embeds), with a stub of the
 * `dovecot` table Dovecot gives the script: its HTTP client records what would be sent. The script's behaviour
 * inside the real Dovecot is in push.test.ts.
 */
const script = path.join(MAILSTACK_HOME, 'templates/dovecot/push.lua');

/** A Lua string literal for any text: every byte as a decimal escape. */
export const lua = (s: string) => `"${[...Buffer.from(s, 'utf8')].map((b) => `\\${b}`).join('')}"`;

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
  /** The answers of the successive POSTs (a status, or `fail`: the connection failed); then `status`. */
  answers?: Array<number | 'fail'>;
}

const stub = `
local out = { requests = {}, clients = {}, warnings = {} }
local STATUS, FAIL, ANSWERS = ...
STATUS, FAIL = tonumber(STATUS), FAIL == "true"
local answers = {}
for a in string.gmatch(ANSWERS or "", "[^,]+") do answers[#answers + 1] = a end
dovecot = {
  i_warning = function(m) out.warnings[#out.warnings + 1] = m end,
  http = { client = function(settings)
    out.clients[#out.clients + 1] = settings
    return { request = function(self, opts)
      local req = { url = opts.url, method = opts.method, headers = {} }
      function req:add_header(k, v) self.headers[k] = v end
      function req:set_payload(p) self.payload = p end
      function req:submit()
        out.requests[#out.requests + 1] = self
        local answer = answers[#out.requests]
        if answer == "fail" or (answer == nil and FAIL) then error("connection refused") end
        local status = tonumber(answer) or STATUS
        return { status = function() return status end }
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

export function runScenario(s: Scenario): Promise<Outcome> {
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
      ['-', String(s.status ?? 202), s.fail ? 'true' : '', (s.answers ?? []).join(',')],
      // Mass changes print every request body.
      { maxBuffer: 64 * 1024 * 1024 },
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

export const env = {
  push_webmail_url: 'http://127.0.0.1:9/api/mail-push',
  push_webmail_secret: 's3cret-s3cret-s3cret',
};
export const newMessage = (mailbox: string, uid: number) => ({
  handler: 'message_new',
  fields: `name = "MessageNew", mailbox = ${lua(mailbox)}, uid = ${uid}, uid_validity = 1700000000.0`,
});
