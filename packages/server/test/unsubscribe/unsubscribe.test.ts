import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageDetail, SecurityEventsPage, UnsubscribeResult } from '@webmail/contracts';
import { folderMessages, waitForMessages } from '../support/compose.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { folderIds } from '../support/reading.testing.js';
import { appendListMail, startListServer } from '../support/unsubscribe.testing.js';

const oneClick = 'List-Unsubscribe=One-Click';

/**
 * One-click unsubscribe against the sandbox and a list server on loopback: `allowed` is a server told to let that
 * listener through (OUTBOUND_ALLOW_HOSTS=127.0.0.1), `production` one with the default configuration.
 */
describe('one-click unsubscribe', () => {
  let list: Awaited<ReturnType<typeof startListServer>>;
  let allowed: Awaited<ReturnType<typeof startServer>>;
  let production: Awaited<ReturnType<typeof startServer>>;
  let user: Awaited<ReturnType<typeof newMailUser>>;
  const clients = new Map<string, { client: TestClient; inbox: string }>();
  let base: string;

  const unsubscribe = (server: string, uid: number) => {
    const { client, inbox } = clients.get(server)!;
    return client.post<UnsubscribeResult & { reason?: string }>(
      `/api/u/0/mailbox/${inbox}/messages/${uid}/unsubscribe`,
    );
  };

  beforeAll(async () => {
    list = await startListServer();
    base = `http://127.0.0.1:${list.port}`;
    allowed = await startServer('sqlite', { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
    production = await startServer('sqlite');
    user = await newMailUser('unsub');
    for (const [name, server] of [
      ['allowed', allowed],
      ['production', production],
    ] as const) {
      const client = server.client();
      await client.signIn(user.email, user.password);
      clients.set(name, { client, inbox: (await folderIds(client)).inbox! });
    }
  });
  afterAll(async () => {
    await allowed.close();
    await production.close();
    list.server.close();
  });

  it('tells the reader how the message can be left, best way first', async () => {
    const uids = await appendListMail(user, {
      all: { unsubscribe: `<mailto:leave@lists.example>, <https://lists.example/u/1>`, post: oneClick },
      page: { unsubscribe: `<https://lists.example/u/1>` },
      none: {},
    });
    const { client, inbox } = clients.get('production')!;
    const detail = async (subject: string) =>
      (await client.get<MessageDetail>(`/api/u/0/mailbox/${inbox}/messages/${uids.get(subject)}`)).body;
    expect((await detail('all')).unsubscribe).toEqual({ methods: ['oneClick', 'mailto', 'url'] });
    expect((await detail('page')).unsubscribe).toEqual({ methods: ['url'] });
    expect((await detail('none')).unsubscribe).toBeNull();
  });

  it('posts List-Unsubscribe=One-Click to an allowed listener, without cookies or identity, and logs it', async () => {
    const uids = await appendListMail(user, {
      posted: { unsubscribe: `<${base}/ok?list=7>`, post: oneClick },
    });
    const before = list.seen.length;
    const res = await unsubscribe('allowed', uids.get('posted')!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ method: 'oneClick', url: null });
    const sent = list.seen.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!).toMatchObject({ method: 'POST', path: '/ok', body: 'List-Unsubscribe=One-Click' });
    expect(sent[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    for (const header of ['cookie', 'authorization', 'referer', 'origin', 'x-xsrf-token'])
      expect(sent[0]!.headers[header]).toBeUndefined();
    expect(JSON.stringify(sent[0]!.headers)).not.toContain(user.email);
    expect(sent[0]!.headers['user-agent']).toBe('Webmail unsubscribe');
    const log = await clients.get('allowed')!.client.get<SecurityEventsPage>('/api/u/0/security/events');
    expect(log.body.events.map((e) => e.type)).toContain('listUnsubscribed');
  });

  it('never follows a redirect, to an allowed host or a private one, and says the list did not confirm', async () => {
    const targets = [
      `${base}/ok`,
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
    ];
    const messages = Object.fromEntries(
      targets.map((to) => [
        `redirect to ${to}`,
        { unsubscribe: `<${base}/redirect?to=${encodeURIComponent(to)}>`, post: oneClick },
      ]),
    );
    const uids = await appendListMail(user, messages);
    for (const to of targets) {
      const before = list.seen.length;
      const res = await unsubscribe('allowed', uids.get(`redirect to ${to}`)!);
      expect([to, res.status, res.body.reason]).toEqual([to, 502, 'unsubscribeFailed']);
      expect(list.seen.slice(before).map((r) => r.path)).toEqual(['/redirect']);
    }
    const failed = await appendListMail(user, { failing: { unsubscribe: `<${base}/fail>`, post: oneClick } });
    expect((await unsubscribe('allowed', failed.get('failing')!)).body.reason).toBe('unsubscribeFailed');
  });

  // Private, loopback, link-local and unique-local targets, in several notations, and a name resolving to loopback.
  const privateTargets = [
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '10.255.255.254',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '[::1]',
    '[fc00::1]',
    '[fd12:3456::1]',
    '[fe80::1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:10.0.0.1]',
    'localhost',
  ];

  it('refuses private and loopback targets in the production configuration, before any connection', async () => {
    const messages = Object.fromEntries(
      privateTargets.map((host) => [`to ${host}`, { unsubscribe: `<https://${host}/u>`, post: oneClick }]),
    );
    const uids = await appendListMail(user, messages);
    for (const host of privateTargets) {
      const res = await unsubscribe('production', uids.get(`to ${host}`)!);
      expect([host, res.status, res.body.reason]).toEqual([host, 422, 'unsubscribeAddressNotAllowed']);
    }
  });

  it('in production posts nothing to the loopback listener: not one-click over http, not to its port', async () => {
    const uids = await appendListMail(user, {
      http: { unsubscribe: `<${base}/ok>`, post: oneClick },
      https: { unsubscribe: `<https://127.0.0.1:${list.port}/ok>`, post: oneClick },
    });
    const before = list.seen.length;
    // Plain http is no one-click URL: the page is handed to the browser, the server sends nothing.
    expect((await unsubscribe('production', uids.get('http')!)).body).toEqual({
      method: 'url',
      url: `${base}/ok`,
    });
    expect((await unsubscribe('production', uids.get('https')!)).body.reason).toBe(
      'unsubscribeAddressNotAllowed',
    );
    const redirect = await appendListMail(user, {
      hop: { unsubscribe: `<${base}/redirect?to=${encodeURIComponent('http://10.0.0.1/')}>`, post: oneClick },
    });
    expect((await unsubscribe('production', redirect.get('hop')!)).status).toBe(200);
    expect(list.seen.length).toBe(before);
  });

  it('sends the mailto unsubscribe as the user: the list mailbox holds one message with its subject and body', async () => {
    const listbox = await newMailUser('unsub-list');
    const mailto = `mailto:${listbox.email}?subject=unsubscribe%20weekly&body=please%20remove%20me`;
    const uids = await appendListMail(user, {
      mailto: { unsubscribe: `<${mailto}>, <https://lists.example/u>` },
    });
    const res = await unsubscribe('production', uids.get('mailto')!);
    expect(res.body).toEqual({ method: 'mailto', url: null });
    // Through Postfix: on a busy machine the queue can take a while.
    const received = await waitForMessages(listbox, 'INBOX', 1, 45_000);
    expect(received).toHaveLength(1);
    expect(received[0]!.envelope.subject).toBe('unsubscribe weekly');
    expect(received[0]!.envelope.from?.[0]?.address).toBe(user.email);
    expect(received[0]!.source.toString()).toContain('please remove me');
    expect(await folderMessages(listbox, 'INBOX')).toHaveLength(1);
  });

  it('answers 422 unsubscribeNotAvailable for a message without List-Unsubscribe, 404 for no message', async () => {
    const uids = await appendListMail(user, { plain: {} });
    expect((await unsubscribe('production', uids.get('plain')!)).body.reason).toBe('unsubscribeNotAvailable');
    const missing = await unsubscribe('production', 999_999);
    expect([missing.status, missing.body.reason]).toEqual([404, 'messageNotFound']);
  });

  // Last: it uses up the allowed server's budget for this minute.
  it('limits unsubscribe calls per IP and minute (429)', async () => {
    const uids = await appendListMail(user, { limited: {} });
    const statuses: number[] = [];
    for (let i = 0; i < 70 && !statuses.includes(429); i += 1) {
      statuses.push((await unsubscribe('allowed', uids.get('limited')!)).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(61);
  });
});
