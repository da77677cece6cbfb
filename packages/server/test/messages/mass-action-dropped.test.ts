import net from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import type { ApiError, MailboxTreeResponse, MassActionResponse } from '@webmail/contracts';
import { folderMessages } from '../support/compose.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { deliver } from '../support/reading.testing.js';

/**
 * A relay in front of Dovecot's IMAP that, once armed with a pattern, passes the matching command on and then cuts
 * the connection as soon as Dovecot answers, the answer not passed back: the mail server did the work, and the
 * webmail never heard so (Dovecot killed, a network cut, at the worst moment).
 */
async function startAnswerCuttingRelay(upstreamPort: number) {
  let armed: RegExp | null = null;
  const server = net.createServer((socket) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    let cutOnAnswer = false;
    const cut = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', cut).on('close', cut);
    upstream.on('error', cut).on('close', cut);
    socket.on('data', (chunk: Buffer) => {
      if (armed?.test(chunk.toString('latin1'))) {
        armed = null;
        cutOnAnswer = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => (cutOnAnswer ? cut() : socket.write(chunk)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    arm: (pattern: RegExp) => (armed = pattern),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const raw = (i: number) =>
  `From: a@example.org\r\nTo: x@example.test\r\nSubject: Moved ${i}\r\nMessage-ID: <moved-${i}-${Date.now()}@t>\r\n\r\nBody ${i}\r\n`;

describe('Dovecot gone mid mass action', () => {
  it('a move whose answer never came is a 503 with Retry-After; doing it again leaves each message once, in the target', async () => {
    const relay = await startAnswerCuttingRelay(inject('mailstack').ports.webmailImap);
    const server = await startServer('sqlite', { IMAP_PORT: String(relay.port) });
    try {
      const user = await newMailUser('mass-cut');
      await deliver(
        user.email,
        Array.from({ length: 12 }, (_, i) => raw(i)),
      );
      const client = server.client();
      await client.signIn(user.email, user.password);
      const tree = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
      const inbox = tree.find((f) => f.specialUse === 'inbox')!.id;
      const archive = tree.find((f) => f.specialUse === 'archive')!.id;
      const move = () =>
        client.post<MassActionResponse & ApiError>('/api/u/0/mailbox/massAction', {
          context: 'mailbox',
          messages: [{ messageId: '*', mailboxId: inbox }],
          action: 'move',
          moveToTarget: archive,
        });

      relay.arm(/ (UID )?MOVE /i);
      const cutOff = await move();
      expect(cutOff.status).toBe(503);
      expect(cutOff.body.code).toBe('MailServerUnavailable');
      expect(cutOff.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);

      // The user does it again: the server logs in anew and finds the move done.
      const again = await move();
      expect(again.status).toBe(200);
      expect(await folderMessages(user, 'INBOX')).toHaveLength(0);
      const moved = await folderMessages(user, 'Archive');
      const subjects = moved.map((m) => /^Subject: (.*)$/m.exec(m.source.toString('latin1'))?.[1]?.trim());
      expect(subjects.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Moved ${i}`).sort());
    } finally {
      await server.close();
      await relay.close();
    }
  });
});
