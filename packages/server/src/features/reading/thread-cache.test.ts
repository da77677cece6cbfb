import { describe, expect, it } from 'vitest';
import { MailConnection, MailFolder } from '../../mail/mail-session.js';
import { openedStamp, otherStamp, ThreadCache } from './thread-cache.js';

/** Just what the cache reads of a connection: the selected folder and STATUS of others. */
function fakeClient() {
  const state = {
    mailbox: { path: 'INBOX', uidValidity: 7n, uidNext: 11, exists: 10, highestModseq: 40n } as Record<
      string,
      unknown
    >,
    status: { uidValidity: 9n, uidNext: 5, highestModseq: 12n } as Record<string, unknown> | Error,
    statusCalls: [] as string[],
  };
  const client = {
    get mailbox() {
      return state.mailbox;
    },
    on: () => client,
    status: async (path: string) => {
      state.statusCalls.push(path);
      if (state.status instanceof Error) throw state.status;
      return { path, ...state.status };
    },
  } as unknown as Parameters<typeof MailConnection.of>[0];
  return { client: new MailFolder(MailConnection.of(client), 'INBOX'), state };
}

const response = { thread: 't', messages: [] };

/** Caches a conversation as the service does: Sent searched (its SELECT values), then the opened folder. */
function remember(cache: ThreadCache, client: MailFolder, state: ReturnType<typeof fakeClient>['state']) {
  const inbox = state.mailbox;
  state.mailbox = { path: 'Sent', uidValidity: 9n, uidNext: 5, exists: 4, highestModseq: 12n };
  const sent = otherStamp(client, 'Sent')!;
  state.mailbox = inbox;
  cache.set(client.connection, 'k', { response, opened: openedStamp(client), others: [sent] });
}

describe('ThreadCache', () => {
  it('answers while the opened folder and STATUS of the others are unchanged', async () => {
    const { client, state } = fakeClient();
    const cache = new ThreadCache();
    remember(cache, client, state);
    expect(await cache.get(client, 'k', ['Sent'])).toBe(response);
    expect(await cache.get(client, 'k', ['Sent'])).toBe(response);
    expect(state.statusCalls).toEqual(['Sent', 'Sent']);
    expect(await cache.get(client, 'other key', ['Sent'])).toBeUndefined();
  });

  it('misses after any change in another folder, or when STATUS fails', async () => {
    for (const status of [
      { uidValidity: 9n, uidNext: 6, highestModseq: 12n },
      { uidValidity: 9n, uidNext: 5, highestModseq: 13n },
      { uidValidity: 10n, uidNext: 5, highestModseq: 12n },
      { uidValidity: 9n, uidNext: 5 },
      new Error('gone'),
    ]) {
      const { client, state } = fakeClient();
      const cache = new ThreadCache();
      remember(cache, client, state);
      state.status = status;
      expect(await cache.get(client, 'k', ['Sent'])).toBeUndefined();
      // A miss forgets the entry: the conversation is gathered and remembered again.
      state.status = { uidValidity: 9n, uidNext: 5, highestModseq: 12n };
      expect(await cache.get(client, 'k', ['Sent'])).toBeUndefined();
    }
  });

  it('misses after a change in the opened folder, another SELECT of it, or other folders', async () => {
    const changes: Array<(s: ReturnType<typeof fakeClient>['state']) => void> = [
      (s) => (s.mailbox.exists = 11),
      (s) => (s.mailbox = { ...s.mailbox }),
    ];
    for (const change of changes) {
      const { client, state } = fakeClient();
      const cache = new ThreadCache();
      remember(cache, client, state);
      change(state);
      expect(await cache.get(client, 'k', ['Sent'])).toBeUndefined();
    }
    const { client, state } = fakeClient();
    const cache = new ThreadCache();
    remember(cache, client, state);
    expect(await cache.get(client, 'k', ['Sent', 'Archive'])).toBeUndefined();
  });

  it('keeps no stamp of a folder without HIGHESTMODSEQ', () => {
    const { client, state } = fakeClient();
    state.mailbox = { path: 'Sent', uidValidity: 9n, uidNext: 5, exists: 4 };
    expect(otherStamp(client, 'Sent')).toBeNull();
  });
});
