import { describe, expect, it } from 'vitest';
import { filterSearchCriteria, headersMatch, type MessageHeaders } from './filter-search-criteria.js';

const atom = (value: string) => ({ type: 'ATOM', value });
const str = (value: string) => ({ type: 'STRING', value });

const message: MessageHeaders = {
  from: ['Assistant <pa@work.test>'],
  sender: ['Boss <boss@work.test>'],
  to: ['Me <me@home.test>'],
  cc: [],
  deliveredTo: ['me+lists@home.test'],
  subject: 'Weekly Plans',
  listId: 'Weekly news <weekly.lists.test>',
};

describe('filterSearchCriteria', () => {
  it('makes the text words ANDed body terms, with OR between alternatives', () => {
    expect(filterSearchCriteria({ text: 'a "b c" OR d', from: 'ignored here' })).toEqual([
      atom('OR'),
      [atom('BODY'), str('a'), atom('BODY'), str('b c')],
      [atom('BODY'), str('d')],
    ]);
  });

  it('keeps size bounds inclusive and matches everything without criteria', () => {
    expect(filterSearchCriteria({ size: 2048, ha: true })).toEqual([
      atom('KEYWORD'),
      atom('$HasAttachment'),
      atom('LARGER'),
      atom('2047'),
    ]);
    expect(filterSearchCriteria({ size: -100 })).toEqual([atom('SMALLER'), atom('101')]);
    expect(filterSearchCriteria({ subject: 'x', size: null })).toEqual([atom('ALL')]);
  });
});

describe('headersMatch', () => {
  it('finds from in Sender, to in Delivered-To, case-insensitive substrings', () => {
    expect(headersMatch({ from: 'BOSS@work' }, message)).toBe(true);
    expect(headersMatch({ to: '+lists@' }, message)).toBe(true);
    expect(headersMatch({ subject: 'weekly plan' }, message)).toBe(true);
    expect(headersMatch({ from: 'boss', to: 'nobody' }, message)).toBe(false);
  });

  it('compares the inside of <…> for a List-Id, and never matches a message without one', () => {
    expect(headersMatch({ listId: 'Other name <weekly.lists.test>' }, message)).toBe(true);
    expect(headersMatch({ listId: 'weekly.lists' }, message)).toBe(true);
    expect(headersMatch({ listId: 'weekly.lists.test' }, { ...message, listId: null })).toBe(false);
    expect(headersMatch({ listId: '  ', from: '' }, { ...message, listId: null })).toBe(true);
  });
});
