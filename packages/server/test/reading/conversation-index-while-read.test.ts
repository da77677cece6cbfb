import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withMailbox } from '../../src/mail/imap/imap-commands.js';
import { ThreadIndexes } from '../../src/mail/imap/thread-index.js';
import { threadIdOf } from '../../src/mail/mime/thread-id.js';
import { imapAs, newMailUser } from '../support/harness.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { appendAll } from '../support/reading.testing.js';

/**
 * A folder's conversation index answers while it is still being read: from the messages read so far — the newest
 * first — and what arrived since, marked incomplete (the thread service then keeps the answer out of its cache);
 * once read, whole. Read one message per chunk here, so the reading is still under way when the lookups run.
 */
describe('a conversation index while it is read', () => {
  let user: { email: string; password: string };
  let builder: ImapFlow;
  let opener: ImapFlow;
  const count = 150;
  const message = (n: number, replyTo?: number) =>
    composeRaw({
      from: 'a@example.test',
      to: 'b@example.test',
      subject: `M${n}`,
      text: `${n}`,
      headers: {
        'Message-ID': `<m${n}@example.test>`,
        ...(replyTo ? { 'In-Reply-To': `<m${replyTo}@example.test>` } : {}),
      },
    });
  const threadOf = (n: number) => threadIdOf({ messageId: `<m${n}@example.test>`, fallback: '' });

  beforeAll(async () => {
    user = await newMailUser('index-while-read');
    // m1 starts the oldest conversation, m150 (the newest) answers it; the rest are conversations of their own.
    // A new account's Inbox: message n gets UID n.
    const raws = [];
    for (let n = 1; n <= count; n += 1) raws.push(await message(n, n === count ? 1 : undefined));
    await appendAll(user, raws);
    builder = await imapAs(user);
    opener = await imapAs(user);
  });
  afterAll(async () => {
    await builder?.logout();
    await opener?.logout();
  });

  it('finds the newest conversations before the reading ends, and arrivals since; whole afterwards, also after a sign-out and back', async () => {
    const indexes = new ThreadIndexes({ maxMessages: 1_000_000, chunk: 1 });
    const lookup = (n: number) =>
      withMailbox(opener, 'INBOX', () => indexes.candidates(opener, user.email, 'INBOX', threadOf(n)));
    const reading = indexes.build(builder, user.email, 'INBOX');

    // Null until the reading has its first chunk, then what is read so far (the lookup answers without I/O until
    // the reading has begun: let it run).
    let partial = await lookup(count - 1);
    while (!partial?.uids.length) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      partial = await lookup(count - 1);
    }
    expect(partial).toEqual({ complete: false, uids: [count - 1] });
    // Newest first: the oldest messages are not read yet.
    expect(await lookup(2)).toEqual({ complete: false, uids: [] });

    // Arrived after the reading began: found from the index's UIDNEXT on.
    await appendAll(user, [await message(count + 1)]);
    // Made visible to the connection first, as an open does (`fetchSeeingArrivals`).
    await withMailbox(opener, 'INBOX', () => opener.noop());
    const arrival = await lookup(count + 1);
    expect(arrival).toMatchObject({ complete: false, uids: [count + 1] });

    // The account signs out everywhere and is back while the index is read: the reading goes on and is kept.
    indexes.forgetAccount(user.email);
    expect(await lookup(count - 1)).toEqual({ complete: false, uids: [count - 1] });
    indexes.accountBack(user.email);
    await reading;
    const whole = await lookup(1);
    expect(whole?.complete).toBe(true);
    expect(whole?.uids.sort((a, b) => a - b)).toEqual([1, count]);
  });

  it("outlives the account's last session for the grace, and for good when the account is back within it", async () => {
    const graceMs = 60_000;
    const indexes = new ThreadIndexes(undefined, graceMs);
    await indexes.build(builder, user.email, 'INBOX');
    expect(indexes.has(user.email, 'INBOX')).toBe(true);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      indexes.accountLeft(user.email);
      vi.advanceTimersByTime(graceMs - 1);
      expect(indexes.has(user.email, 'INBOX')).toBe(true);
      indexes.accountBack(user.email);
      vi.advanceTimersByTime(graceMs);
      expect(indexes.has(user.email, 'INBOX')).toBe(true);

      indexes.accountLeft(user.email);
      vi.advanceTimersByTime(graceMs);
      expect(indexes.has(user.email, 'INBOX')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
