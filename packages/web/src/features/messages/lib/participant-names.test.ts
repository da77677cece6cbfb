import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { participantNames, participantsText } from './participant-names';

const t = ((key: string) => (key === 'list.me' ? 'me' : key)) as unknown as TFunction<'messages'>;
const person = (name: string, address: string, unseen = false, self = false) => ({
  name,
  address,
  unseen,
  self,
});

describe('participant names', () => {
  it('names one participant in full and several by first names, the user as "me"', () => {
    expect(participantNames([person('Bob Stone', 'bob@x.test')], t)).toEqual([
      { text: 'Bob Stone', unseen: false },
    ]);
    const names = participantNames(
      [person('Bob Stone', 'bob@x.test', true), person('', 'me@x.test', false, true)],
      t,
    )!;
    expect(participantsText(names)).toBe('Bob, me');
    expect(names[0]).toEqual({ text: 'Bob', unseen: true });
  });

  it('keeps the first writer and the latest two of a long conversation', () => {
    const names = participantNames(
      [person('Ann', 'a@x'), person('', 'carl@x'), person('Dora', 'd@x'), person('Bob', 'b@x', true)],
      t,
    )!;
    expect(participantsText(names)).toBe('Ann, …, Dora, Bob');
  });

  it('has nothing to say without participants', () => {
    expect(participantNames(undefined, t)).toBeNull();
    expect(participantNames([], t)).toBeNull();
  });
});
