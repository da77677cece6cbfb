import { describe, expect, it } from 'vitest';
import type { AppEvent } from '@webmail/contracts';
import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { FolderChange } from '../../mail/watch/mailbox-watcher.js';
import { flagChangesMax, mailEventsFor } from './mail-events.js';

function listener() {
  const published: AppEvent[] = [];
  const folderIds = {
    idsFor: async (_account: string, paths: string[]) =>
      new Map(paths.map((path) => [path, { id: 'id-inbox' }])),
  } as unknown as FolderIdsRepository;
  const events = mailEventsFor('u@example.test', {
    folderIds,
    messages: { rowsOf: async () => [] },
    publish: (event) => published.push(event),
    readAhead: () => {},
    log: { warn: () => {} } as never,
  });
  return { events, published };
}

const flagChanges = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ uid: i + 1, flags: new Set(['\\Seen']) }));

const change = (count: number) =>
  ({
    path: 'INBOX',
    reset: false,
    newUids: [],
    expungedUids: [],
    flagChanges: flagChanges(count),
  }) as unknown as FolderChange;

describe('mailEventsFor: flag changes', () => {
  it('sends a few changed flags as FETCH, each message with its flags', async () => {
    const { events, published } = listener();
    await events.changed(change(2));
    expect(published).toEqual([
      {
        command: 'FETCH',
        mailboxId: 'id-inbox',
        changes: [
          { uid: 1, seen: true, flagged: false, answered: false },
          { uid: 2, seen: true, flagged: false, answered: false },
        ],
      },
    ]);
  });

  it('sends more changes than a page patches as a folder update (a first CONDSTORE look numbers every message)', async () => {
    const { events, published } = listener();
    await events.changed(change(flagChangesMax));
    expect(published.map((event) => event.command)).toEqual(['FETCH']);
    published.length = 0;
    await events.changed(change(flagChangesMax + 1));
    expect(published).toEqual([{ command: 'folderUpdate', mailboxId: 'id-inbox' }]);
  });
});
