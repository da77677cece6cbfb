import { describe, expect, it } from 'vitest';
import { MailPush, type MailPushEvent, type MailPushEventName } from '@webmail/contracts';
import { pushNews } from './push-news.js';
import { fitPush } from './push-relay.js';

const names: MailPushEventName[] = ['MessageNew', 'MessageExpunge', 'FlagsSet', 'MailboxCreate'];

/** Pushes from small to the largest the contract allows: many events, long folder names, many keywords. */
function* pushes(): Generator<MailPush> {
  for (const count of [1, 20, 200])
    for (const folders of [1, 7, 200])
      for (const nameLength of [5, 300, 1000])
        for (const keywords of [0, 100]) {
          const events: MailPushEvent[] = Array.from({ length: count }, (_, i) => ({
            event: names[i % names.length]!,
            mailbox: `${i % folders}`.padEnd(nameLength, 'x'),
            uid: i + 1,
            uidValidity: 7,
            keywords: Array.from({ length: keywords }, (_, k) => `k${k}`.padEnd(250, 'y')),
          }));
          yield MailPush.parse({ user: 'u@example.test', events, more: count === 200 });
        }
}

describe('fitPush', () => {
  it('fits every push into the limit and loses nothing the receiver would report', () => {
    for (const push of pushes()) {
      const fitted = fitPush(push, 7000);
      const label = `${push.events.length} events, ${push.events[0]!.mailbox.length}-char names`;
      expect(Buffer.byteLength(JSON.stringify(fitted)), label).toBeLessThanOrEqual(7000);
      expect(MailPush.safeParse(fitted).success, label).toBe(true);
      const before = pushNews([push]);
      const after = pushNews([fitted]);
      if (before.foldersChanged) expect(after.foldersChanged || after.folders.get('INBOX')?.reset).toBe(true);
      const everythingReread = after.foldersChanged && after.folders.get('INBOX')?.reset;
      for (const [path, news] of before.folders) {
        if (everythingReread) break;
        const got = after.folders.get(path);
        // Either the same news, or the folder is re-read whole.
        if (!got?.reset) expect(got, `${label}: ${path.slice(0, 10)}`).toEqual(news);
      }
    }
  });

  it('keeps a small push as it is, without the parts nobody reads', () => {
    const push = MailPush.parse({
      user: 'u@example.test',
      events: [{ event: 'FlagsSet', mailbox: 'INBOX', uid: 3, uidValidity: 9, flags: ['\\Seen'] }],
    });
    expect(fitPush(push)).toEqual({
      user: 'u@example.test',
      events: [{ event: 'FlagsSet', mailbox: 'INBOX', uid: 3, uidValidity: 9 }],
      more: false,
    });
  });
});
