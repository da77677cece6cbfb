import type { MessageListResponse, MessageSummary } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { buildMessageSummary } from '../message.testing';
import { knownSeenState, patchList, type ListData } from './list-patch';

const pages = (...lists: MessageSummary[][]): ListData => {
  const total = lists.flat().length;
  let offset = 0;
  const built: MessageListResponse[] = lists.map((messages) => {
    const page = { total, offset, messages };
    offset += messages.length;
    return page;
  });
  return { pages: built, pageParams: built.map((page) => page.offset) };
};
const ids = (data: ListData | undefined) => data?.pages.map((page) => page.messages.map((m) => m.id));
const conversation = (uid: number, uids: number[], unseen: number) =>
  buildMessageSummary(uid, { conversation: { count: uids.length, unseen, uids } });

describe('patchList (messages mode)', () => {
  const data = pages(
    [buildMessageSummary(5, { seen: false }), buildMessageSummary(4)],
    [buildMessageSummary(3, { seen: false })],
  );

  it('removes moved rows on every page and lowers every page’s total', () => {
    const next = patchList(data, 'archive', new Set([4, 3]));
    expect(ids(next)).toEqual([[5], []]);
    expect(next?.pages.map((page) => page.total)).toEqual([1, 1]);
  });

  it('sets flags and read state on the addressed rows only', () => {
    const next = patchList(data, 'seen', new Set([5]));
    expect(next?.pages[0]?.messages.map((m) => m.seen)).toEqual([true, true]);
    expect(next?.pages[1]?.messages[0]?.seen).toBe(false);
    expect(patchList(data, 'flagged', '*')?.pages.flatMap((p) => p.messages.map((m) => m.flagged))).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('empties the list for a whole-folder move', () => {
    const next = patchList(data, 'trash', '*');
    expect(ids(next)).toEqual([[], []]);
    expect(next?.pages[0]?.total).toBe(0);
  });
});

describe('patchList (conversations mode)', () => {
  const data = pages([conversation(9, [9, 5, 2], 2), conversation(8, [8], 0)]);

  it('drops moved messages from a thread and the thread once none is left', () => {
    const partly = patchList(data, 'archive', new Set([5]));
    expect(partly?.pages[0]?.messages[0]?.conversation).toEqual({ count: 2, unseen: 2, uids: [9, 2] });
    const whole = patchList(data, 'archive', new Set([9, 5, 2]));
    expect(ids(whole)).toEqual([[8]]);
    expect(whole?.pages[0]?.total).toBe(1);
  });

  it('marks a whole thread read, and a part of it as far as known', () => {
    expect(patchList(data, 'seen', new Set([9, 5, 2]))?.pages[0]?.messages[0]?.conversation?.unseen).toBe(0);
    expect(patchList(data, 'seen', new Set([5]))?.pages[0]?.messages[0]?.conversation?.unseen).toBe(1);
    expect(patchList(data, 'unseen', new Set([8]))?.pages[0]?.messages[1]?.conversation?.unseen).toBe(1);
  });
});

describe('knownSeenState', () => {
  it('counts message rows, and conversation rows only when the whole thread is addressed', () => {
    const messages = pages([buildMessageSummary(5, { seen: false }), buildMessageSummary(4)]);
    expect(knownSeenState(messages, new Set([5, 4, 99]))).toEqual({ unseen: 1, seen: 1 });
    const threads = pages([conversation(9, [9, 5, 2], 2)]);
    expect(knownSeenState(threads, new Set([9, 5, 2]))).toEqual({ unseen: 2, seen: 1 });
    expect(knownSeenState(threads, new Set([9]))).toEqual({ unseen: 0, seen: 0 });
  });
});
