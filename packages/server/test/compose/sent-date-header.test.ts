import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@webmail/contracts';
import { MovableClock } from '../../src/infra/test-clock.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import {
  folderMessages,
  persistentStorage,
  send,
  waitFor,
  type MailUser,
} from '../support/compose.testing.js';

type Server = Awaited<ReturnType<typeof startServer>>;
const hour = 3_600_000;

/** `+hhmm` of the zone at `at`, from the wall time Intl shows there (not from the code under test). */
function expectedOffset(zone: string, at: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    ...{
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    },
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  const minutes = Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
  const abs = Math.abs(minutes);
  const two = (v: number) => String(v).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}${two(abs % 60)}`;
}

/** The `Date:` header of the message with `subject` once it is in the recipient's Inbox. */
async function deliveredDate(recipient: MailUser, subject: string): Promise<string> {
  const list = await waitFor(
    () => folderMessages(recipient, 'INBOX'),
    (messages) => messages.some((m) => m.envelope.subject === subject),
  );
  const message = list.find((m) => m.envelope.subject === subject);
  expect(message, `${subject} delivered`).toBeDefined();
  const head = message!.source.toString('latin1').split('\r\n\r\n')[0]!;
  return /^Date: (.+)$/im.exec(head)![1]!.trim();
}

describe("sent mail's Date header", () => {
  let server: Server;
  let clock: MovableClock;
  let bob: MailUser;

  beforeAll(async () => {
    bob = await newMailUser('date-bob');
    clock = new MovableClock();
    server = await startServer('sqlite', await persistentStorage('sqlite'), { clock });
  });
  afterAll(() => server.close());

  /** A signed-in sender; `null`: one whose time zone was never stored. */
  async function sender(zone: string | null) {
    const user = await newMailUser('date-from');
    const client = server.client();
    await client.signIn(user.email, user.password);
    if (zone) expect((await client.patch('/api/u/0/details', { timezone: zone })).status).toBe(200);
    return client;
  }

  it.each(['Europe/Helsinki', 'America/New_York', 'Asia/Kolkata', null])(
    'is written on the clock of the sender’s time zone (%s) at the time it is sent',
    async (zone) => {
      const client = await sender(zone);
      const subject = `Dated ${zone} ${crypto.randomUUID()}`;
      const before = Math.floor(clock.now() / 1000) * 1000;
      const draft = { to: [{ name: '', address: bob.email }], subject, text: 'When?' };
      expect((await send(client, crypto.randomUUID(), draft)).status).toBe(200);
      const after = clock.now();
      const date = await deliveredDate(bob, subject);
      expect(date.slice(-5)).toBe(expectedOffset(zone ?? 'UTC', after));
      expect(Date.parse(date)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(date)).toBeLessThanOrEqual(after);
    },
  );

  it('is the time a send later leaves, not the time it was scheduled', async () => {
    const client = await sender('Europe/Helsinki');
    const subject = `Dated later ${crypto.randomUUID()}`;
    const draft = { to: [{ name: '', address: bob.email }], subject, text: 'Later' };
    const sendAt = new Date(clock.now() + 2 * hour).toISOString();
    const scheduled = await client.post<OutboxEntry>('/api/u/0/compose/send', {
      draftId: crypto.randomUUID(),
      draft,
      sendAt,
    });
    expect(scheduled.status).toBe(202);
    const due = clock.set(Date.parse(sendAt) + 1000);
    await server.app.services.runJob('outbox');
    const date = await deliveredDate(bob, subject);
    expect(date.slice(-5)).toBe(expectedOffset('Europe/Helsinki', due));
    expect(Date.parse(date)).toBeGreaterThanOrEqual(Math.floor(due / 1000) * 1000);
  });
});
