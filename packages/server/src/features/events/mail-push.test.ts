import { describe, expect, it } from 'vitest';
import type { MailPush, MailPushEvent } from '@webmail/contracts';
import { RecentMessageEvents } from './mail-push.js';

const push = (...events: MailPushEvent[]): MailPush => ({ user: 'u@example.test', events, more: false });
const arrived = (uid: number, mailbox = 'INBOX', uidValidity = 7): MailPushEvent => ({
  event: 'MessageNew',
  mailbox,
  uid,
  uidValidity,
});

describe('RecentMessageEvents', () => {
  it('drops an arrival or expunge taken before, keeps flag changes and folder changes', () => {
    const recent = new RecentMessageEvents(() => 0);
    const first = push(arrived(1), { event: 'MessageExpunge', mailbox: 'INBOX', uid: 9, uidValidity: 7 });
    expect(recent.fresh('u', first)).toBe(first);
    expect(recent.fresh('u', first)).toBeNull();
    const flags: MailPushEvent = {
      event: 'FlagsSet',
      mailbox: 'INBOX',
      uid: 1,
      uidValidity: 7,
      flags: ['\\Seen'],
    };
    const folder: MailPushEvent = { event: 'MailboxCreate', mailbox: 'New' };
    expect(recent.fresh('u', push(arrived(1), flags, folder))).toEqual(push(flags, folder));
    expect(recent.fresh('u', push(flags, folder))).toEqual(push(flags, folder));
    // The expunge of an arrival seen is news; an arrival is not the same as its append elsewhere.
    const gone: MailPushEvent = { event: 'MessageExpunge', mailbox: 'INBOX', uid: 1, uidValidity: 7 };
    expect(recent.fresh('u', push(gone))).toEqual(push(gone));
  });

  it('tells messages apart by account, folder, UIDVALIDITY and UID', () => {
    const recent = new RecentMessageEvents(() => 0);
    expect(recent.fresh('u', push(arrived(1)))).not.toBeNull();
    for (const [account, event] of [
      ['v', arrived(1)],
      ['u', arrived(2)],
      ['u', arrived(1, 'Work')],
      ['u', arrived(1, 'INBOX', 8)],
      ['u', { event: 'MessageAppend', mailbox: 'Sent', uid: 1 }],
    ] as const)
      expect(recent.fresh(account, push(event)), `${account} ${JSON.stringify(event)}`).not.toBeNull();
  });

  it('forgets after the window and beyond its size, oldest first', () => {
    let now = 0;
    const recent = new RecentMessageEvents(() => now, { ms: 1000, keys: 3 });
    recent.fresh('u', push(arrived(1)));
    now = 500;
    recent.fresh('u', push(arrived(2)));
    now = 1200;
    // UID 1 is past the window, UID 2 is not.
    expect(recent.fresh('u', push(arrived(1)))).not.toBeNull();
    expect(recent.fresh('u', push(arrived(2)))).toBeNull();
    for (const uid of [3, 4, 5]) recent.fresh('u', push(arrived(uid)));
    // At most 3 kept, the oldest going first: 5 is still known, 2 is not.
    expect(recent.fresh('u', push(arrived(5)))).toBeNull();
    expect(recent.fresh('u', push(arrived(2)))).not.toBeNull();
  });
});
