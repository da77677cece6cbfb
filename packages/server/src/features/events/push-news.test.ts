import { describe, expect, it } from 'vitest';
import type { MailPush, MailPushEvent } from '@webmail/contracts';
import { pushNews } from './push-news.js';

const push = (events: MailPushEvent[], more = false): MailPush => ({ user: 'u@example.test', events, more });
const msg = (
  event: MailPushEvent['event'],
  uid: number,
  mailbox = 'INBOX',
  uidValidity = 7,
): MailPushEvent => ({
  event,
  mailbox,
  uid,
  uidValidity,
});
const view = (pushes: MailPush[]) => {
  const { folders, foldersChanged } = pushNews(pushes);
  return {
    foldersChanged,
    folders: Object.fromEntries(
      [...folders].map(([path, n]) => [
        path,
        { new: [...n.newUids], gone: [...n.expungedUids], flags: [...n.flagUids], reset: n.reset },
      ]),
    ),
  };
};

describe('pushNews', () => {
  it('folds pushes per folder: new, expunged and flag-changed messages', () => {
    expect(
      view([
        push([msg('MessageNew', 5), msg('MessageAppend', 1, 'Sent')]),
        push([msg('FlagsSet', 2), msg('FlagsClear', 2), msg('MessageExpunge', 3)]),
      ]),
    ).toEqual({
      foldersChanged: false,
      folders: {
        INBOX: { new: [5], gone: [3], flags: [2], reset: false },
        Sent: { new: [1], gone: [], flags: [], reset: false },
      },
    });
  });

  it('drops what the client never saw or needs no reading: arrived and gone, flags of new or gone messages', () => {
    // Every order of one message's events: whatever it is at the end decides.
    const orders: Array<[MailPushEvent['event'][], { new: number[]; gone: number[]; flags: number[] }]> = [
      [['MessageNew', 'FlagsSet'], { new: [9], gone: [], flags: [] }],
      [['MessageNew', 'MessageExpunge'], { new: [], gone: [], flags: [] }],
      [['MessageNew', 'FlagsSet', 'MessageExpunge'], { new: [], gone: [], flags: [] }],
      [['FlagsSet', 'MessageExpunge'], { new: [], gone: [9], flags: [] }],
      [['MessageExpunge', 'FlagsClear'], { new: [], gone: [9], flags: [] }],
      [['FlagsClear', 'FlagsSet'], { new: [], gone: [], flags: [9] }],
    ];
    for (const [events, expected] of orders) {
      // The same whether they came in one push or one push each.
      for (const pushes of [[push(events.map((e) => msg(e, 9)))], events.map((e) => push([msg(e, 9)]))])
        expect(view(pushes).folders.INBOX, events.join(' → ')).toEqual({ ...expected, reset: false });
    }
  });

  it('resets a folder whose UIDVALIDITY changed or whose transaction was cut short', () => {
    expect(
      view([push([msg('MessageNew', 1, 'A', 1)]), push([msg('MessageNew', 1, 'A', 2)])]).folders.A?.reset,
    ).toBe(true);
    expect(view([push([msg('FlagsSet', 1, 'B')], true)]).folders.B?.reset).toBe(true);
  });

  it('reports folder creations, renames and deletions as a folder change, not as a folder to read', () => {
    for (const event of ['MailboxCreate', 'MailboxRename', 'MailboxDelete'] as const)
      expect(
        view([push([{ event, mailbox: 'X', ...(event === 'MailboxRename' ? { oldMailbox: 'Y' } : {}) }])]),
      ).toEqual({
        foldersChanged: true,
        folders: {},
      });
  });
});
