import { describe, expect, inject, it } from 'vitest';
import type { ApiError, MailboxTreeResponse, MassActionResponse } from '@webmail/contracts';
import { startAnswerRelay } from '../support/answer-relay.testing.js';
import { folderMessages } from '../support/compose.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { deliver } from '../support/reading.testing.js';

const raw = (i: number) =>
  `From: a@example.org\r\nTo: x@example.test\r\nSubject: Moved ${i}\r\nMessage-ID: <moved-${i}-${Date.now()}@t>\r\n\r\nBody ${i}\r\n`;

describe('Dovecot gone mid mass action', () => {
  it('a move whose answer never came is a 503 with Retry-After; doing it again leaves each message once, in the target', async () => {
    const relay = await startAnswerRelay(inject('mailstack').ports.webmailImap);
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

      // Dovecot moves them; its answer never reaches the webmail: the connection is cut instead.
      void relay.arm(/ (UID )?MOVE /i);
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
