import { beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@webmail/contracts';
import { MovableClock } from '../../src/infra/test-clock.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import {
  folderMessages,
  persistentStorage,
  waitFor,
  waitForMessages,
  type MailUser,
} from '../support/compose.testing.js';

const hour = 3_600_000;
type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * What a server killed with SIGKILL while delivering a scheduled message leaves behind: the entry claimed
 * (`sending`) by a process that no longer exists, its claim run out, and whether the SMTP transaction had begun.
 * The test makes that row (a killed process cannot be timed to the millisecond between claim and DATA), then a
 * new server process starts on the same database, as after a restart, and its outbox job recovers it.
 */
describe('send later after a crash mid-delivery', () => {
  let alice: MailUser;
  let bob: MailUser;
  let storage: Record<string, string>;
  let clock: MovableClock;

  beforeAll(async () => {
    alice = await newMailUser('alice');
    bob = await newMailUser('bob');
    storage = await persistentStorage('sqlite');
    clock = new MovableClock();
  });

  /** Schedules on a first server process, leaves the row as the killed process would, and stops that process. */
  async function scheduledThenKilled(subject: string, submitting: 0 | 1) {
    const first = await startServer('sqlite', storage, { clock });
    try {
      return await killedIn(first, subject, submitting);
    } finally {
      await first.close();
      // The dead process's claim runs out while the server is down.
      clock.advance(120_000);
    }
  }

  async function killedIn(first: Server, subject: string, submitting: 0 | 1) {
    const client = first.client();
    await client.signIn(alice.email, alice.password);
    const draft = { to: [{ name: '', address: bob.email }], subject, html: `<p>${subject}</p>` };
    const sendAt = new Date(clock.now() + hour).toISOString();
    const body = { draftId: crypto.randomUUID(), draft, sendAt };
    const entry = (await client.post<OutboxEntry>('/api/u/0/compose/send', body)).body;
    clock.advance(hour);
    await first.app.services.db
      .updateTable('compose_outbox')
      .set({ status: 'sending', submitting, locked_until: clock.now() + 60_000 })
      .where('id', '=', entry.id)
      .execute();
    const { raw } = await first.app.services.db
      .selectFrom('compose_outbox')
      .select('raw')
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    return { ...entry, raw: raw! };
  }

  async function restartAndRecover(id: string, until: (e: OutboxEntry) => boolean) {
    const second = await startServer('sqlite', storage, { clock });
    try {
      const client = second.client();
      await client.signIn(alice.email, alice.password);
      return await waitFor(async () => {
        await second.app.services.runJob('outbox');
        return (await client.get<OutboxEntry>(`/api/u/0/compose/outbox/${id}`)).body;
      }, until);
    } finally {
      await second.close();
    }
  }

  const inInbox = async (subject: string) =>
    (await folderMessages(bob, 'INBOX')).filter((m) => m.envelope.subject === subject).length;

  it('killed before the SMTP transaction began: sent once after the restart', async () => {
    const entry = await scheduledThenKilled('Killed before SMTP', 0);
    const done = await restartAndRecover(entry.id, (e) => e.status === 'sent');
    expect(done.status).toBe('sent');
    await waitForMessages(bob, 'INBOX', 1);
    expect(await inInbox('Killed before SMTP')).toBe(1);
  });

  it('killed after the mail server took it (its Message-ID in Sent): recorded as sent, not sent again', async () => {
    const entry = await scheduledThenKilled('Killed after SMTP', 1);
    // The mail server filed it (as one with SMTP_SAVES_SENT does), with the draft's fixed Message-ID.
    const imap = await imapAs(alice);
    await imap.append('Sent', entry.raw, ['\\Seen']);
    await imap.logout();
    const done = await restartAndRecover(entry.id, (e) => e.status === 'sent');
    expect(done.status).toBe('sent');
    expect(await inInbox('Killed after SMTP')).toBe(0);
    const sent = (await folderMessages(alice, 'Sent')).filter(
      (m) => m.envelope.subject === 'Killed after SMTP',
    );
    expect(sent).toHaveLength(1);
    await waitFor(
      async () => (await folderMessages(alice, 'Drafts')).map((m) => m.envelope.subject),
      (subjects) => !subjects.includes('Killed after SMTP'),
    );
  });

  it('killed mid-SMTP without evidence: reported as interrupted, never resent; the draft stays', async () => {
    const entry = await scheduledThenKilled('Killed mid SMTP', 1);
    const done = await restartAndRecover(entry.id, (e) => e.status === 'failed');
    expect(done.failure?.reason).toBe('interrupted');
    expect(await inInbox('Killed mid SMTP')).toBe(0);
    const drafts = (await folderMessages(alice, 'Drafts')).map((m) => m.envelope.subject);
    expect(drafts).toContain('Killed mid SMTP');
  });
});
