import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiError, SearchResponse } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { startImapFilterProxy } from '../support/imap-filter-proxy.testing.js';
import { searchMailbox, seedMessages } from './search-seed.testing.js';

/** One client command as the server received it: tag, command name, and the whole line with literals. */
interface WireCommand {
  tag: string;
  name: string;
  text: string;
}

/**
 * The client's byte stream split into commands the way an IMAP server reads it: a line ends at CRLF unless it
 * ends with a literal announcement `{n}` / `{n+}`, whose n bytes belong to the same command.
 */
function commandsOf(bytes: Buffer): WireCommand[] {
  const out: WireCommand[] = [];
  let at = 0;
  while (at < bytes.length) {
    let text = '';
    for (;;) {
      const end = bytes.indexOf('\r\n', at);
      if (end < 0) return out;
      const line = bytes.toString('utf8', at, end);
      at = end + 2;
      const literal = /\{(\d+)\+?\}$/.exec(line);
      text += line;
      if (!literal) break;
      const size = Number(literal[1]);
      text += `\r\n${bytes.toString('utf8', at, at + size)}`;
      at += size;
    }
    const [tag = '', ...rest] = text.split(' ');
    const name =
      rest[0]?.toUpperCase() === 'UID' ? `UID ${rest[1]?.toUpperCase()}` : (rest[0]?.toUpperCase() ?? '');
    out.push({ tag, name: tag === 'DONE' ? 'DONE' : name, text });
  }
  return out;
}

/** What the webmail may send while searching: reads only. */
const searchCommands = new Set([
  'SELECT',
  'EXAMINE',
  'LIST',
  'LSUB',
  'STATUS',
  'NOOP',
  'IDLE',
  'DONE',
  'UID SORT',
  'UID SEARCH',
  'UID FETCH',
  'UID THREAD',
  'CAPABILITY',
  'ENABLE',
  'ID',
  'NAMESPACE',
  'AUTHENTICATE',
  'LOGIN',
]);

const hostile: Array<[string, string]> = [
  ['CR/LF and a command', 'budget\r\nA999 LOGOUT\r\n'],
  ['a tagged DELETE after LF', 'x\nA1 DELETE INBOX'],
  ['quotes and backslashes', 'bud"get \\" \\\\ "'],
  ['a literal announcement', '{5}\r\nhello'],
  ['a literal inside a phrase', '"{5+}\r\nA1 LOGOUT"'],
  ['NUL bytes', 'bud\u0000get \u0000'],
  ['IMAP syntax', '") UID 1:* (DELETED) OR ALL'],
  ['unbalanced open', '((budget'],
  ['unbalanced close', 'budget))'],
  ['10 KB of text', 'budget '.repeat(1500)],
  ['non-ASCII with a literal marker', 'Отчёт {999999}'],
  ['keyword values', 'from:"{3}\r\nabc" subject:\\ to:"\u0000"'],
];

describe.each(['auto', 'folders'] as const)('hostile search queries (%s engine)', (engine) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let proxy: Awaited<ReturnType<typeof startImapFilterProxy>>;
  let client: TestClient;
  let sent: Buffer[] = [];
  let answered: Buffer[] = [];
  /** Everything the client sent since sign-in. */
  const everything: Buffer[] = [];

  beforeAll(async () => {
    const user = await newMailUser(`search-sec-${engine}`);
    const imap = await imapAs(user);
    await seedMessages(imap, user.email, searchMailbox(user.email));
    await imap.logout();
    proxy = await startImapFilterProxy(
      inject('mailstack').ports.imap,
      {},
      {
        client: (chunk) => {
          sent.push(chunk);
          everything.push(chunk);
        },
        server: (chunk) => answered.push(chunk),
      },
    );
    server = await startServer('sqlite', { SEARCH_ENGINE: engine, IMAP_PORT: String(proxy.port) });
    client = server.client();
    await client.signIn(user.email, user.password);
    expect((await client.get('/api/u/0/mailbox')).status).toBe(200);
    // The session's quota is read just after its first folder tree, off the sign-in path; the details wait for
    // that read, so it is done before the searches' commands are counted.
    expect((await client.get('/api/u/0/details')).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await proxy.close();
  });

  it.each(hostile)(
    '%s: a clear 422 or a correct search, one IMAP command, no protocol error',
    async (_name, query) => {
      sent = [];
      answered = [];
      const res = await client.get<SearchResponse & Partial<ApiError>>(
        `/api/u/0/search?search=${encodeURIComponent(query)}&limit=50`,
      );
      expect([200, 422], JSON.stringify(res.body)).toContain(res.status);
      if (res.status === 422) expect(res.body.fieldErrors?.search?.[0]?.code).toMatch(/^(search|tooLong)/);

      const replies = Buffer.concat(answered).toString('utf8');
      expect(replies).not.toMatch(/^\S+ (BAD|NO) /m);
      const commands = commandsOf(Buffer.concat(sent));
      for (const command of commands) expect(searchCommands, command.text).toContain(command.name);
      // The user's text reached the server as data: at most one search of the results per folder searched,
      // and no command line of its own (every line has a tag the client made or is imapflow's DONE).
      const tags = commands.map((c) => c.tag).filter((t) => t !== 'DONE');
      expect(new Set(tags).size).toBe(tags.length);
      const searches = commands.filter((c) => c.name === 'UID SORT' || c.name === 'UID SEARCH');
      if (res.status === 422) expect(searches).toEqual([]);
      else expect(searches.length).toBeGreaterThan(0);
      for (const c of commands) expect(c.text).not.toMatch(/^A(1|999) /);
    },
  );

  it('still searches normally afterwards on the same connection', async () => {
    const res = await client.get<SearchResponse>('/api/u/0/search?search=budget');
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
  });

  it('searches through the "all mail" folder when the server has one', async () => {
    const selected = commandsOf(Buffer.concat(everything)).filter(
      (c) => c.name === 'SELECT' || c.name === 'EXAMINE',
    );
    const virtual = selected.some((c) => c.text.includes('Virtual/All'));
    expect(virtual).toBe(engine === 'auto');
  });
});
