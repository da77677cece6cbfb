import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiError, MailboxTreeResponse, MessageListResponse } from '@webmail/contracts';
import { persistentStorage, saveDraft } from '../support/compose.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { startImapFilterProxy } from '../support/imap-filter-proxy.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';

/**
 * The mail server's NO to a change (imapflow answers MOVE and STORE refusals with `false`) reaches the user as an
 * error, never as a success: the mail layer's folder and connection objects throw `MailServerRefusal`. The real
 * Dovecot refuses: APPEND over the account's quota; MOVE into a folder that is not there (a relay renames the
 * target on the wire, as if it had been deleted between the webmail's LIST and its MOVE); STORE in a folder the
 * relay opens read-only (EXAMINE for the webmail's SELECT).
 */
describe('a change the mail server refuses is an error to the user', () => {
  let proxy: Awaited<ReturnType<typeof startImapFilterProxy>>;
  let server: Awaited<ReturnType<typeof startServer>>;
  let user: { email: string; password: string };
  let client: TestClient;

  const tree = async () => (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
  const idOf = async (path: string) => (await tree()).find((f) => f.path === path)!.id;
  const uids = async (mailboxId: string) =>
    (
      await client.get<MessageListResponse>(`/api/u/0/mailbox/${mailboxId}/messages?limit=5`)
    ).body.messages.map((m) => m.id);

  beforeAll(async () => {
    proxy = await startImapFilterProxy(inject('mailstack').ports.imap, {}, {}, (line) =>
      line
        .replace(/^(\S+ UID MOVE \S+ )"?Gone"?$/, '$1"Gone-meanwhile"')
        .replace(/^(\S+) SELECT "?Locked"?(.*)$/, '$1 EXAMINE "Locked"$2'),
    );
    server = await startServer('sqlite', {
      ...(await persistentStorage('sqlite')),
      IMAP_PORT: String(proxy.port),
    });
    // A 1 MB quota, three quarters used by one message.
    user = await newMailUser('refused', { quotaMb: 1 });
    const imap = await imapAs(user);
    const line = 'x'.repeat(76) + '\r\n';
    const text = line.repeat(Math.floor((760 * 1024) / line.length));
    const small = await composeRaw({ from: 'b@example.test', to: user.email, subject: 's', text: 'x' });
    await imap.append(
      'INBOX',
      await composeRaw({ from: 'b@example.test', to: user.email, subject: 'big', text }),
    );
    await imap.append('INBOX', small);
    await imap.mailboxCreate('Gone');
    await imap.mailboxCreate('Locked');
    await imap.append('Locked', small);
    await imap.logout();
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(async () => {
    await server.close();
    await proxy.close();
  });

  it('APPEND over quota: saving a draft answers 502 mailboxFull, not 200', async () => {
    const html = `<p>${'y'.repeat(400 * 1024)}</p>`;
    const res = await saveDraft(client, crypto.randomUUID(), { to: [], subject: 'too big', html }, 1);
    expect(res.status).toBe(502);
    expect((res.body as unknown as ApiError).code).toBe('MailServerError');
    expect((res.body as unknown as ApiError).reason).toBe('mailboxFull');
  });

  it('MOVE refused: the mass action answers 502 and the message stays', async () => {
    const inbox = (await tree()).find((f) => f.specialUse === 'inbox')!.id;
    const before = await uids(inbox);
    const res = await client.post<ApiError>('/api/u/0/mailbox/massAction', {
      context: 'mailbox',
      messages: [{ mailboxId: inbox, messageId: before[0], threadId: 't' }],
      action: 'move',
      moveToTarget: await idOf('Gone'),
    });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('MailServerError');
    expect(await uids(inbox)).toEqual(before);
  });

  it('STORE refused in a read-only folder: marking read answers 502, not the unchanged flags', async () => {
    const locked = await idOf('Locked');
    const [uid] = await uids(locked);
    const res = await client.request<ApiError>('PATCH', `/api/u/0/mailbox/${locked}/messages/${uid}`, {
      body: { seen: true },
    });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('MailServerError');
  });
});
