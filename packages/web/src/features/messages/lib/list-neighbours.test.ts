import { describe, expect, it } from 'vitest';
import { buildMessageSummary } from '../message.testing';
import { listNeighbours } from './list-neighbours';

describe('conversation', () => {
  it('finds the neighbours in the list, also inside a conversation row', () => {
    const rows = [
      buildMessageSummary(9),
      buildMessageSummary(7, { conversation: { count: 2, unseen: 0, uids: [7, 5] } }),
      buildMessageSummary(3),
    ];
    expect(listNeighbours(rows, 5)).toEqual({
      index: 1,
      previous: { thread: 'thread-9', id: 9 },
      next: { thread: 'thread-3', id: 3 },
    });
    expect(listNeighbours(rows, 9).previous).toBeNull();
    expect(listNeighbours(rows, 42)).toEqual({ index: -1, previous: null, next: null });
  });
});
