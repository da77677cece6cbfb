import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailboxesKeys } from '../../features/mailboxes/api/mailboxes.keys';
import { messagesKeys } from '../../features/messages/api/messages.keys';
import { openSessionChannel } from '../../shared/session/session-channel';
import { signIn } from '../../test/api-handlers.testing';
import { clearCookie } from '../../test/cookies';
import { runtimeCacheNames } from '../pwa/runtime-caches';
import { createSessionCoordinator, type SessionCoordinator } from '../session/session-coordinator';
import { forgetDeviceData } from './forget-device-data';
import { createOfflineCache, type OfflineCache } from './offline-cache';
import { fillUserCache } from './offline-cache.testing';
import { memoryStorage } from './offline-storage.testing';

const running: Array<{ dispose: () => void }> = [];
afterEach(() => {
  for (const item of running.splice(0)) item.dispose();
  vi.unstubAllGlobals();
});

async function startCache(storage = memoryStorage(), buster = 'build-1') {
  const queryClient = new QueryClient();
  const cache = createOfflineCache({ storage, buster, writeEveryMs: 10 });
  running.push(cache);
  await cache.start(queryClient);
  return { queryClient, cache, storage };
}

/** The text the device keeps for a user index (every stored value as JSON). */
const stored = (storage: ReturnType<typeof memoryStorage>) =>
  Object.fromEntries([...storage.data.entries()].map(([key, value]) => [String(key), JSON.stringify(value)]));

function coordinatorFor(queryClient: QueryClient, cache: OfflineCache, pathname = '/u/0/id-inbox') {
  const coordinator: SessionCoordinator = createSessionCoordinator({
    router: { state: { location: { pathname } }, navigate: () => Promise.resolve() },
    queryClient,
    channel: openSessionChannel(),
    forgetDeviceData: (scope) => forgetDeviceData(cache, scope),
  });
  running.push(coordinator);
  return coordinator;
}

describe('the offline copy in the browser', () => {
  it('writes each signed-in user’s reading to its own entry, and restores it on the next start', async () => {
    signIn(0);
    signIn(2);
    const first = await startCache();
    fillUserCache(first.queryClient, 0, 'Alice secret');
    fillUserCache(first.queryClient, 2, 'Carol secret');
    await first.cache.flush();

    expect(Object.keys(stored(first.storage)).sort()).toEqual(['u0', 'u2']);
    expect(stored(first.storage).u0).toContain('Alice secret');
    expect(stored(first.storage).u0).not.toContain('Carol secret');
    // Only reading is kept: not the source, the settings or the account list.
    expect(stored(first.storage).u0).not.toContain('Subject: source');
    expect(stored(first.storage).u0).not.toContain('anything');

    const next = await startCache(first.storage);
    expect(next.queryClient.getQueryData(messagesKeys.detail(2, 'id-inbox', 7))).toMatchObject({
      subject: 'Carol secret',
    });
    expect(next.queryClient.getQueryData(mailboxesKeys.tree(0))).toBeDefined();
  });

  it('writes changes a moment later, and only for the user whose data changed', async () => {
    signIn(0);
    signIn(1);
    const { queryClient, storage } = await startCache();
    fillUserCache(queryClient, 0);
    fillUserCache(queryClient, 1);
    await vi.waitFor(() => expect(Object.keys(stored(storage)).sort()).toEqual(['u0', 'u1']));
    const setSpy = vi.spyOn(storage, 'set');

    queryClient.setQueryData(messagesKeys.detail(1, 'id-inbox', 8), { subject: 'New one' });
    await vi.waitFor(() => expect(stored(storage).u1).toContain('New one'));
    expect(setSpy.mock.calls.map(([key]) => key)).toEqual(['u1']);
  });

  it('does not restore the copy of a user signed out meanwhile, of another build, or older than a week', async () => {
    signIn(0);
    signIn(1);
    signIn(2);
    const first = await startCache();
    fillUserCache(first.queryClient, 0);
    fillUserCache(first.queryClient, 1);
    await first.cache.flush();
    clearCookie('wm_exp_1');

    const next = await startCache(first.storage);
    expect(next.queryClient.getQueryData(mailboxesKeys.tree(0))).toBeDefined();
    expect(next.queryClient.getQueryData(mailboxesKeys.tree(1))).toBeUndefined();
    expect(Object.keys(stored(first.storage))).toEqual(['u0']);

    const rebuilt = await startCache(first.storage, 'build-2');
    expect(rebuilt.queryClient.getQueryData(mailboxesKeys.tree(0))).toBeUndefined();
    expect(stored(first.storage)).toEqual({});

    const old = memoryStorage();
    await old.set('u2', { v: 1, buster: 'build-1', savedAt: Date.now() - 8 * 86_400_000, queries: [] });
    await startCache(old);
    expect(stored(old)).toEqual({});
  });
});

describe('sign-outs delete the offline copy', () => {
  async function twoUsers() {
    signIn(0);
    signIn(1);
    const started = await startCache();
    fillUserCache(started.queryClient, 0, 'Alice secret');
    fillUserCache(started.queryClient, 1, 'Bob secret');
    await started.cache.flush();
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      delete: async (name: string) => {
        deleted.push(name);
        return true;
      },
    });
    return { ...started, deleted };
  }

  it('a device-user logout deletes that user’s copy and keeps the others’', async () => {
    const { queryClient, cache, storage, deleted } = await twoUsers();
    clearCookie('wm_exp_1');
    // Deleted by the time the sign-out is done, not at the next write.
    await coordinatorFor(queryClient, cache).signedOut({ kind: 'deviceUser', userIndex: 1, remaining: [] });

    expect(Object.keys(stored(storage))).toEqual(['u0']);
    expect(JSON.stringify([...storage.data.values()])).not.toContain('Bob secret');
    expect(deleted).toEqual([]);
  });

  it('a user logout deletes that user’s copy too (it mirrors the cache the sign-out just emptied)', async () => {
    const { queryClient, cache, storage } = await twoUsers();
    await coordinatorFor(queryClient, cache).signedOut({ kind: 'user', userIndex: 0 });
    expect(Object.keys(stored(storage))).toEqual(['u1']);
  });

  it('a device logout deletes everyone’s copy and the service worker’s runtime caches', async () => {
    const { queryClient, cache, storage, deleted } = await twoUsers();
    clearCookie('wm_exp_0');
    clearCookie('wm_exp_1');
    await coordinatorFor(queryClient, cache).signedOut({ kind: 'device' });

    expect(stored(storage)).toEqual({});
    expect(deleted).toEqual(Object.values(runtimeCacheNames));
    // Nor does a write that was already due bring anything back.
    await cache.flush();
    expect(stored(storage)).toEqual({});
  });

  it('a sign-out heard from another tab deletes the copy as well', async () => {
    const { queryClient, cache, storage } = await twoUsers();
    coordinatorFor(queryClient, cache);
    const otherTab = openSessionChannel();
    running.push({ dispose: otherTab.close });
    clearCookie('wm_exp_0');
    otherTab.post({ type: 'userLoggedOut', kind: 'deviceUser', userIndex: 0 });

    await vi.waitFor(() => expect(Object.keys(stored(storage))).toEqual(['u1']));
  });
});
