import { describe, expect, it } from 'vitest';
import { conversationAt, conversationCount, groupConversations } from './conversations.js';

const grouped = (threads: number[][], newestFirst: number[]) => {
  const g = groupConversations(threads, newestFirst);
  return Array.from({ length: conversationCount(g) }, (_, i) => conversationAt(g, i));
};

describe('conversations', () => {
  it('orders threads by their newest message by arrival, each newest first', () => {
    // Arrival order differs from UID order: 7 was moved in with an old date.
    const newestFirst = [9, 8, 6, 5, 4, 3, 7, 2, 1];
    const threads = [[1, 4, 9], [2], [3, 7], [5, 6, 8]];
    expect(grouped(threads, newestFirst)).toEqual([[9, 4, 1], [8, 6, 5], [3, 7], [2]]);
  });

  it('keeps messages THREAD did not mention and drops ones the list does not have', () => {
    expect(grouped([[1, 2, 99]], [3, 2, 1])).toEqual([[3], [2, 1]]);
    expect(grouped([], [])).toEqual([]);
  });

  it('works with sparse UIDs as well (no dense lookup table then)', () => {
    expect(grouped([[7, 4_000_000_000]], [4_000_000_000, 9, 7])).toEqual([[4_000_000_000, 7], [9]]);
  });
});
