import { describe, expect, inject, it } from 'vitest';
import type { OutboxEntry } from '@webmail/contracts';
import { MovableClock } from '../../src/infra/test-clock.js';
import { folderMessages, send, waitForMessages } from '../support/compose.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { SmtpKillRelay } from '../support/smtp-kill-relay.testing.js';
import { freePort } from '../support/spawned-server.testing.js';

/**
 * The submission server down during a send (Postfix stopped: its port refuses connections). The message waits in
 * the outbox with the reason, the draft stays in Drafts, and once the server is back the next retry sends it once:
 * nothing lost, nothing sent twice. The clock is the server's own, moved by the test; the outbox job is run directly.
 */
describe('Postfix down during a send', () => {
  it('waits queued with "server unavailable" and the draft kept, then goes out once when Postfix is back', async () => {
    const clock = new MovableClock();
    // Nothing listens on it: Postfix is down.
    const port = await freePort();
    const server = await startServer('sqlite', { SMTP_PORT: String(port) }, { clock });
    let relay: SmtpKillRelay | undefined;
    try {
      const alice = await newMailUser('smtp-down');
      const bob = await newMailUser('smtp-down-to');
      const client = server.client();
      await client.signIn(alice.email, alice.password);
      const draftId = crypto.randomUUID();
      const draft = {
        to: [{ name: '', address: bob.email }],
        subject: 'While Postfix was down',
        html: '<p>once</p>',
      };
      const queued = await send(client, draftId, draft, 3);
      expect(queued.status).toBe(202);
      const entryOf = async () =>
        (await client.get<OutboxEntry>(`/api/u/0/compose/outbox/${queued.body.id}`)).body;

      // Past the undo window: the submission is refused at connect, a temporary failure.
      clock.advance(4_000);
      await server.app.services.runJob('outbox');
      const waiting = await entryOf();
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
      expect(waiting.failure?.reason).toBe('serverUnavailable');
      expect(Date.parse(waiting.dueAt)).toBeGreaterThan(clock.now());
      expect(await folderMessages(bob, 'INBOX')).toHaveLength(0);
      expect(await folderMessages(alice, 'Sent')).toHaveLength(0);
      expect(await folderMessages(alice, 'Drafts')).toHaveLength(1);
      // Not yet due: a run before the retry time sends nothing.
      await server.app.services.runJob('outbox');
      expect((await entryOf()).attempts).toBe(1);

      // Postfix is back on the same port; the retry is due.
      relay = await SmtpKillRelay.start(inject('mailstack').ports.webmailSubmission, port);
      clock.advance(30_000);
      await server.app.services.runJob('outbox');
      await waitForMessages(bob, 'INBOX', 1);
      const sent = await entryOf();
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
      // Later runs never send it again.
      clock.advance(300_000);
      await server.app.services.runJob('outbox');
      await server.app.services.runJob('outbox');
      expect(await folderMessages(bob, 'INBOX')).toHaveLength(1);
      expect(await folderMessages(alice, 'Sent')).toHaveLength(1);
      expect(await folderMessages(alice, 'Drafts')).toHaveLength(0);
    } finally {
      await relay?.close();
      await server.close();
    }
  });
});
