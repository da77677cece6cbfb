import { QueryClient } from '@tanstack/react-query';
import type { AppEvent } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import type { EventContext, FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { mergeEventHandlers } from './merge-event-handlers';

const context: EventContext = { queryClient: new QueryClient(), userIndex: 0, stale: () => undefined };

describe('mergeEventHandlers', () => {
  it('runs every feature handler of a command, in the order the features are given, with the event', () => {
    const calls: string[] = [];
    const first = {
      folderRename: ({ mailboxId }) => calls.push(`first ${mailboxId}`),
      folderOrder: () => calls.push('first order'),
    } satisfies FeatureEventHandlers;
    const second = {
      folderRename: ({ mailboxId }, { userIndex }) => calls.push(`second ${mailboxId} ${userIndex}`),
    } satisfies FeatureEventHandlers;
    const merged = mergeEventHandlers(first, second);

    merged.folderRename({ command: 'folderRename', mailboxId: 'm1' }, context);
    merged.folderOrder({ command: 'folderOrder' }, context);

    expect(calls).toEqual(['first m1', 'second m1 0', 'first order']);
  });

  it('has no entry for a command no map handles', () => {
    const merged = mergeEventHandlers({ folderOrder: () => undefined } satisfies FeatureEventHandlers);
    const event: AppEvent = { command: 'folderCreate', mailboxId: 'x' };
    expect(Object.keys(merged)).toEqual(['folderOrder']);
    expect(event.command in merged).toBe(false);
  });
});
