import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Folder, MailboxTreeResponse } from '@webmail/contracts';
import { EventStreamReader, expectMailEvents } from '../support/event-stream.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { relayPushesTo } from '../support/push-relay.testing.js';
import { deliver } from '../support/reading.testing.js';

const run = promisify(execFile);
const doveadm = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../mailstack/bin/doveadm.sh',
);

/** The user's IMAP connections as Dovecot counts them (`doveadm who`: one line per connection). */
async function imapConnectionsOf(email: string): Promise<number> {
  const stack = inject('mailstack');
  const { stdout } = await run('bash', [doveadm, 'who', '-1', email], {
    env: { ...process.env, MAILSTACK_DIR: stack.dir, MAILSTACK_PORT_BASE: String(stack.portBase) },
  });
  return stdout.split('\n').filter((line) => line.startsWith(`${email} `) && / imap /.test(line)).length;
}

const message = (to: string, subject: string) =>
  composeRaw({ from: 'sender@example.com', to, subject, text: 'x' });

describe.each(['push', 'watcher'] as const)('live mail (LIVE_MAIL=%s)', (mode) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const open: EventStreamReader[] = [];
  const { pushPort, pushSecret } = inject('mailstack');

  beforeAll(async () => {
    server = await startServer('sqlite', { MAIL_PUSH_SECRET: pushSecret, LIVE_MAIL: mode });
    await relayPushesTo(pushPort, server.baseUrl);
  });
  afterAll(async () => {
    await relayPushesTo(pushPort, server.baseUrl, false);
    for (const reader of open) reader.close();
    await server.close();
  });

  async function streaming(prefix: string) {
    const user = await newMailUser(prefix);
    const client = server.client();
    await client.signIn(user.email, user.password);
    const tree = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
    const inbox = tree.find((f) => f.specialUse === 'inbox') as Folder;
    const before = await imapConnectionsOf(user.email);
    const events = await EventStreamReader.open(client, 0);
    open.push(events);
    expect(events.status).toBe(200);
    await server.app.services.events.watchers.of(user.email);
    return { user, client, inbox, events, before };
  }

  it('sends new mail, counters, flag changes, expunges and folder changes to an open stream', async () => {
    const { user, inbox, events } = await streaming(`lm-${mode}`);
    await expectMailEvents(events, user, inbox.id, 'Pushed one');
    const imap = await imapAs(user);
    try {
      await imap.mailboxCreate('Made elsewhere');
      await events.next((e) => e.command === 'folderUpdate');
    } finally {
      await imap.logout();
    }
  });

  it("opens a new stream with the folders' counts of then: mail that came after the client read them counts", async () => {
    const user = await newMailUser(`lm-counts-${mode}`);
    const client = server.client();
    await client.signIn(user.email, user.password);
    const tree = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
    const inbox = tree.find((f) => f.specialUse === 'inbox') as Folder;
    expect(inbox.total).toBe(0);
    await deliver(user.email, [await message(user.email, 'Before the stream')]);

    const events = await EventStreamReader.open(client, 0);
    open.push(events);
    const connected = await events.next((e) => e.command === 'connected');
    expect(connected.event).toMatchObject({
      counters: expect.arrayContaining([{ mailboxId: inbox.id, unseen: 1, total: 1 }]),
    });
  });

  it(
    mode === 'push'
      ? 'holds no IMAP connection for an open stream, before or after mail arrives'
      : 'holds one IMAP connection (the watcher) for an open stream',
    async () => {
      const { user, events, before } = await streaming(`lm-idle-${mode}`);
      await deliver(user.email, [await message(user.email, 'While idle')]);
      await events.next((e) => e.command === 'EXISTS');
      await server.app.services.events.push.settled();
      // The read for the push logged out again; what Dovecot holds for this user is what it held before the stream.
      const extra = mode === 'push' ? 0 : 1;
      await expect.poll(() => imapConnectionsOf(user.email), { timeout: 5000 }).toBe(before + extra);
      expect(!!(await server.app.services.events.watchers.of(user.email))).toBe(mode === 'watcher');
      if (mode === 'push') expect(server.app.services.events.watchers.size).toBe(0);
    },
  );
});

describe('the push route', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const push = { user: 'nobody@example.test', events: [{ event: 'MessageNew', mailbox: 'INBOX', uid: 1 }] };
  const post = (secret: string | null, body: unknown = push) =>
    fetch(`${server.baseUrl}/api/mail-push`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const { pushSecret } = inject('mailstack');

  afterAll(async () => server.close());

  it('takes a push with the secret, refuses a wrong or missing one, and checks the body', async () => {
    server = await startServer('sqlite', { MAIL_PUSH_SECRET: pushSecret });
    expect(server.config.events.liveMail).toBe('push');
    const accepted = await post(pushSecret);
    expect(accepted.status).toBe(202);
    // Nobody has a stream for that account here: nothing is read.
    expect(await accepted.json()).toEqual({ accepted: false });
    for (const wrong of [null, `${pushSecret}x`, pushSecret.slice(1), 'a'.repeat(pushSecret.length)])
      expect((await post(wrong)).status).toBe(401);
    const bad = [
      { ...push, events: [] },
      { ...push, events: [{ event: 'MessageSeen', mailbox: 'INBOX', uid: 1 }] },
      { ...push, events: [{ event: 'MessageNew', mailbox: 'INBOX', uid: 0 }] },
      { ...push, events: [{ event: 'MessageNew', mailbox: '', uid: 1 }] },
      { ...push, extra: 1 },
      { events: push.events },
    ];
    for (const body of bad) {
      const res = await post(pushSecret, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(((await res.json()) as { code: string }).code).toBe('ValidationError');
    }
  });

  it('answers 404 to everyone when no secret is configured, and the watchers do the live mail', async () => {
    await server.close();
    server = await startServer('sqlite');
    expect(server.config.events.liveMail).toBe('watcher');
    for (const secret of [null, pushSecret, '']) expect((await post(secret)).status).toBe(404);
  });
});

describe('a push across two server processes on one PostgreSQL', () => {
  const { pushPort, pushSecret } = inject('mailstack');

  it('reaches a stream held by process B when the mail server pushed to process A', async () => {
    const env = { MAIL_PUSH_SECRET: pushSecret, LIVE_MAIL: 'push' };
    const a = await startServer('postgres', env);
    const b = await startServer('postgres', { ...env, DATABASE_URL: a.databaseUrl! });
    // Only A hears the mail server, as when the balancer sent the push there.
    await relayPushesTo(pushPort, a.baseUrl);
    try {
      const user = await newMailUser('lm-pg');
      const viaB = b.client();
      await viaB.signIn(user.email, user.password);
      const tree = (await viaB.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
      const inbox = tree.find((f) => f.specialUse === 'inbox') as Folder;
      const onB = await EventStreamReader.open(viaB, 0);
      try {
        expect(onB.status).toBe(200);
        await expectMailEvents(onB, user, inbox.id, 'Pushed to A');
      } finally {
        onB.close();
      }
    } finally {
      await relayPushesTo(pushPort, a.baseUrl, false);
      await b.close();
      await a.close();
    }
  });

  it('makes a stream on process B read everything again when the mail server told process A it dropped pushes', async () => {
    const env = { MAIL_PUSH_SECRET: pushSecret, LIVE_MAIL: 'push' };
    const a = await startServer('postgres', env);
    const b = await startServer('postgres', { ...env, DATABASE_URL: a.databaseUrl! });
    try {
      const user = await newMailUser('lm-pg-lost');
      const viaB = b.client();
      await viaB.signIn(user.email, user.password);
      const onB = await EventStreamReader.open(viaB, 0);
      try {
        expect(onB.status).toBe(200);
        const res = await fetch(`${a.baseUrl}/api/mail-push`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${pushSecret}` },
          body: JSON.stringify({
            user: 'nobody@example.test',
            events: [{ event: 'MessageNew', mailbox: 'INBOX', uid: 1 }],
            lost: true,
          }),
        });
        expect(res.status).toBe(202);
        await onB.next((e) => e.command === 'resync');
      } finally {
        onB.close();
      }
    } finally {
      await b.close();
      await a.close();
    }
  });
});
