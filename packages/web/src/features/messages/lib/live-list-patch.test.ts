import type { MessageListResponse, MessageSummary } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { buildMessageSummary } from '../message.testing';
import type { ListData } from './list-patch';
import { applyFlagChanges, insertRows, removeUids } from './live-list-patch';

/** Pages as the server gave them: `total` rows in the folder, the given rows loaded from offset 0. */
const pages = (total: number, ...lists: MessageSummary[][]): ListData => {
  let offset = 0;
  const built: MessageListResponse[] = lists.map((messages) => {
    const page = { total, offset, messages };
    offset += messages.length;
    return page;
  });
  return { pages: built, pageParams: built.map((page) => page.offset) };
};
const ids = (data: ListData | undefined) => data?.pages.map((page) => page.messages.map((m) => m.id));
const offsets = (data: ListData | undefined) => data?.pages.map((page) => page.offset);
const totals = (data: ListData | undefined) => data?.pages.map((page) => page.total);
const at = (day: number, uid: number, overrides: Partial<MessageSummary> = {}) =>
  buildMessageSummary(uid, { date: new Date(Date.UTC(2025, 0, day, 12)).toISOString(), ...overrides });

describe('insertRows', () => {
  const data = pages(5, [at(20, 9), at(18, 8)], [at(15, 7), at(10, 6)]);

  it('puts a new message on top and shifts the later pages’ offsets and every total', () => {
    const next = insertRows(data, [at(25, 12)]);
    expect(ids(next)).toEqual([
      [12, 9, 8],
      [7, 6],
    ]);
    expect(offsets(next)).toEqual([0, 3]);
    expect(next?.pageParams).toEqual([0, 3]);
    expect(totals(next)).toEqual([6, 6]);
  });

  it('places each new row by its date among the loaded ones', () => {
    const next = insertRows(data, [at(16, 11), at(12, 10)]);
    expect(ids(next)).toEqual([
      [9, 8],
      [11, 7, 10, 6],
    ]);
  });

  it('leaves a row older than every loaded one for its page while the folder has more', () => {
    const next = insertRows(data, [at(1, 13)]);
    expect(ids(next)).toEqual(ids(data));
    expect(totals(next)).toEqual([6, 6]);
  });

  it('appends such a row when the whole folder is loaded', () => {
    const next = insertRows(pages(4, [at(20, 9), at(18, 8)], [at(15, 7), at(10, 6)]), [at(1, 13)]);
    expect(ids(next)).toEqual([
      [9, 8],
      [7, 6, 13],
    ]);
  });

  it('changes nothing for UIDs already listed', () => {
    expect(insertRows(data, [at(20, 9), at(15, 7)])).toBe(data);
  });

  it('orders same-date rows by UID, the higher first', () => {
    const next = insertRows(pages(1, [at(20, 9)]), [at(20, 10)]);
    expect(ids(next)).toEqual([[10, 9]]);
  });
});

describe('removeUids', () => {
  it('removes the rows and pulls the later pages’ offsets back', () => {
    const data = pages(5, [at(20, 9), at(18, 8)], [at(15, 7), at(10, 6)]);
    const next = removeUids(data, [8]);
    expect(ids(next)).toEqual([[9], [7, 6]]);
    expect(offsets(next)).toEqual([0, 1]);
    expect(totals(next)).toEqual([4, 4]);
  });

  it('changes nothing for UIDs not loaded (already removed by an action of this client)', () => {
    const data = pages(2, [at(20, 9), at(18, 8)]);
    expect(removeUids(data, [3, 4])).toBe(data);
  });

  it('shrinks a conversation and drops it when its last message goes', () => {
    const data = pages(2, [
      at(20, 9, { conversation: { count: 2, unseen: 1, uids: [9, 5] } }),
      at(18, 8, { conversation: { count: 1, unseen: 0, uids: [8] } }),
    ]);
    const next = removeUids(data, [5, 8]);
    expect(ids(next)).toEqual([[9]]);
    expect(next?.pages[0]?.messages[0]?.conversation).toEqual({ count: 1, unseen: 1, uids: [9] });
  });
});

describe('applyFlagChanges', () => {
  const change = (uid: number, flags: Partial<{ seen: boolean; flagged: boolean; answered: boolean }>) => ({
    uid,
    seen: false,
    flagged: false,
    answered: false,
    ...flags,
  });

  it('sets seen, flagged and answered of the rows with those UIDs', () => {
    const data = pages(2, [at(20, 9, { seen: true }), at(18, 8, { seen: false })]);
    const { data: next, needsRefetch } = applyFlagChanges(data, [change(8, { seen: true, flagged: true })]);
    expect(next?.pages[0]?.messages[1]).toMatchObject({ seen: true, flagged: true, answered: false });
    expect(next?.pages[0]?.messages[0]).toBe(data.pages[0]?.messages[0]);
    expect(needsRefetch).toBe(false);
  });

  it('returns the same list when the flags are what it shows (an echo of this client’s action)', () => {
    const data = pages(1, [at(20, 9, { seen: true, flagged: true })]);
    expect(applyFlagChanges(data, [change(9, { seen: true, flagged: true })]).data).toBe(data);
  });

  it('counts a conversation’s newest message into its unread count, and asks for a refetch for the others', () => {
    const data = pages(1, [at(20, 9, { seen: true, conversation: { count: 2, unseen: 0, uids: [9, 4] } })]);
    const own = applyFlagChanges(data, [change(9, { seen: false })]);
    expect(own.data?.pages[0]?.messages[0]?.conversation?.unseen).toBe(1);
    expect(own.needsRefetch).toBe(false);
    expect(applyFlagChanges(data, [change(4, { seen: false })]).needsRefetch).toBe(true);
  });
});
