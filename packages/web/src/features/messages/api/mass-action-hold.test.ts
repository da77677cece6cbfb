import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  invalidateMailOfAnyFolder,
  showsMailOfAnyFolder,
  whileMessageExists,
} from '../../../shared/api/mail-change';
import { applyOptimisticEffects, dropRemovedDetails, rollBack } from './mass-action-cache';

const inbox = 'id-inbox';

/**
 * A view of message 2 of the Inbox, as the reading pane holds one: a conversation query that any mail change
 * re-reads (`showsMailOfAnyFolder`), enabled while the message exists.
 */
function openConversation(queryClient: QueryClient, uid = 2) {
  const queryFn = vi.fn(async () => ({ uid }));
  const observer = new QueryObserver(queryClient, {
    queryKey: ['reading', 0, 'thread', inbox, 't', uid],
    queryFn,
    meta: showsMailOfAnyFolder,
    enabled: whileMessageExists(queryClient, 0, inbox, uid),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { queryFn, unsubscribe };
}

/** A mail change elsewhere (a live event's batch, another tab) re-reads every view of mail; waits for its fetches. */
async function mailChangedElsewhere(queryClient: QueryClient) {
  await invalidateMailOfAnyFolder(queryClient, 0);
}

describe('a message being moved away is not asked for again', () => {
  let queryClient: QueryClient;
  afterEach(() => queryClient.clear());

  it('holds its views from the optimistic step, for good once the server answered', async () => {
    queryClient = new QueryClient();
    const view = openConversation(queryClient);
    await vi.waitFor(() => expect(view.queryFn).toHaveBeenCalledTimes(1));

    const input = { action: 'archive' as const, mailboxId: inbox, messageIds: [2] };
    const context = await applyOptimisticEffects(queryClient, 0, input);
    // The page has left the message, but its view is still mounted while the next page renders.
    await mailChangedElsewhere(queryClient);
    expect(view.queryFn).toHaveBeenCalledTimes(1);

    dropRemovedDetails(queryClient, 0, input, context);
    await mailChangedElsewhere(queryClient);
    expect(view.queryFn).toHaveBeenCalledTimes(1);
    view.unsubscribe();
  });

  it('lets them read again when the action failed (the message stayed)', async () => {
    queryClient = new QueryClient();
    const view = openConversation(queryClient);
    await vi.waitFor(() => expect(view.queryFn).toHaveBeenCalledTimes(1));

    const context = await applyOptimisticEffects(queryClient, 0, {
      action: 'trash',
      mailboxId: inbox,
      messageIds: [2, 3],
    });
    await mailChangedElsewhere(queryClient);
    expect(view.queryFn).toHaveBeenCalledTimes(1);

    rollBack(queryClient, context);
    await mailChangedElsewhere(queryClient);
    expect(view.queryFn).toHaveBeenCalledTimes(2);
    view.unsubscribe();
  });

  it('keeps a view of another message, and every view when the action only changes flags', async () => {
    queryClient = new QueryClient();
    const other = openConversation(queryClient, 5);
    const same = openConversation(queryClient, 2);
    await vi.waitFor(() => expect(other.queryFn).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(same.queryFn).toHaveBeenCalledTimes(1));

    await applyOptimisticEffects(queryClient, 0, { action: 'move', mailboxId: inbox, messageIds: [2] });
    await applyOptimisticEffects(queryClient, 0, { action: 'seen', mailboxId: inbox, messageIds: [5] });
    await mailChangedElsewhere(queryClient);
    expect(other.queryFn).toHaveBeenCalledTimes(2);
    expect(same.queryFn).toHaveBeenCalledTimes(1);
    other.unsubscribe();
    same.unsubscribe();
  });

  it('holds every message of the folder for a select-all move, until that one answers', async () => {
    queryClient = new QueryClient();
    const view = openConversation(queryClient, 9);
    await vi.waitFor(() => expect(view.queryFn).toHaveBeenCalledTimes(1));

    const whole = await applyOptimisticEffects(queryClient, 0, {
      action: 'delete',
      mailboxId: inbox,
      messageIds: '*',
    });
    const one = await applyOptimisticEffects(queryClient, 0, {
      action: 'delete',
      mailboxId: inbox,
      messageIds: [9],
    });
    rollBack(queryClient, one);
    await mailChangedElsewhere(queryClient);
    expect(view.queryFn).toHaveBeenCalledTimes(1);

    rollBack(queryClient, whole);
    await mailChangedElsewhere(queryClient);
    expect(view.queryFn).toHaveBeenCalledTimes(2);
    view.unsubscribe();
  });
});
