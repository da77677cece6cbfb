import { describe, expect, it } from 'vitest';
import { participantMessagesMax } from '@webmail/contracts';
import type { MessageSender } from '../../mail/imap/imap-fetch-rows.js';
import { conversationParticipants, participantUids } from './conversation-participants.js';

const sender = (address: string, date: number, name = '') => ({ from: { name, address }, date });

describe('conversation participants', () => {
  it('names each sender once, oldest first, bold when any of their messages is unread, and the user as self', () => {
    // List order: newest first.
    const uids = [5, 4, 3, 2];
    const senders = new Map([
      [5, sender('bob@x.test', 400, 'Bob')],
      [4, sender('ME@x.test', 300)],
      [3, sender('bob@x.test', 200)],
      [2, sender('alice@x.test', 100, 'Alice')],
    ]);
    expect(conversationParticipants(uids, senders, new Set([3]), 'me@x.test')).toEqual([
      { name: 'Alice', address: 'alice@x.test', unseen: false, self: false },
      { name: 'Bob', address: 'bob@x.test', unseen: true, self: false },
      { name: '', address: 'ME@x.test', unseen: false, self: true },
    ]);
  });

  it('leaves out messages without a sender', () => {
    const senders = new Map<number, MessageSender>([
      [2, { from: undefined, date: 1 }],
      [1, sender('a@x.test', 0)],
    ]);
    expect(conversationParticipants([2, 1], senders, new Set([2]), 'me@x.test')).toEqual([
      { name: '', address: 'a@x.test', unseen: false, self: false },
    ]);
  });

  it('asks a long conversation for its latest messages and its first', () => {
    const uids = Array.from({ length: 100 }, (_, i) => 100 - i);
    const chosen = participantUids(uids);
    expect(chosen).toHaveLength(participantMessagesMax);
    expect(chosen[0]).toBe(100);
    expect(chosen.at(-1)).toBe(1);
    expect(participantUids([3, 2, 1])).toEqual([3, 2, 1]);
  });
});
