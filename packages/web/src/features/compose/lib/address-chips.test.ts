import { describe, expect, it } from 'vitest';
import { addChips, formatChip, parseAddresses, splitTyped, toChip } from './address-chips';

describe('parseAddresses (address chips, e-mail check)', () => {
  it('splits on commas, semicolons, spaces and line breaks', () => {
    const chips = parseAddresses('a@x.test, b@x.test;c@x.test\nd@x.test e@x.test\r\n\tf@x.test');
    expect(chips.map((c) => c.address)).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
      'd@x.test',
      'e@x.test',
      'f@x.test',
    ]);
    expect(chips.every((c) => c.valid)).toBe(true);
  });

  it('keeps "Name <address>" as one recipient, also with a comma inside quotes', () => {
    expect(parseAddresses('Bob Builder <bob@x.test>, "Smith, Ann" <ann@x.test>; <c@x.test>')).toEqual([
      { name: 'Bob Builder', address: 'bob@x.test', valid: true },
      { name: 'Smith, Ann', address: 'ann@x.test', valid: true },
      { name: '', address: 'c@x.test', valid: true },
    ]);
  });

  it('reads words before a single bare address as its name, and splits anything else', () => {
    expect(parseAddresses('John Smith john@x.test')).toEqual([
      { name: 'John Smith', address: 'john@x.test', valid: true },
    ]);
    expect(parseAddresses('carl@x.test typo').map((c) => [c.address, c.valid])).toEqual([
      ['carl@x.test', true],
      ['typo', false],
    ]);
  });

  it('marks text that fails the e-mail check as invalid', () => {
    const chips = parseAddresses('good@x.test, not-an-address, bad@');
    expect(chips.map((c) => [c.address, c.valid])).toEqual([
      ['good@x.test', true],
      ['not-an-address', false],
      ['bad@', false],
    ]);
  });

  it('ignores empty pieces', () => {
    expect(parseAddresses(' ,, ;\n ')).toEqual([]);
  });
});

describe('address chip helpers', () => {
  it('adds chips without repeating an address', () => {
    const list = [toChip('', 'a@x.test')];
    expect(addChips(list, parseAddresses('A@X.test, b@x.test, b@x.test')).map((c) => c.address)).toEqual([
      'a@x.test',
      'b@x.test',
    ]);
  });

  it('turns typed text before a separator into chips and keeps the rest', () => {
    expect(splitTyped('a@x.test, b@x')).toEqual({
      chips: [{ name: '', address: 'a@x.test', valid: true }],
      rest: 'b@x',
    });
    expect(splitTyped('"Smith, Ann')).toBeNull();
    expect(splitTyped('bob')).toBeNull();
  });

  it('formats a chip as Name <address>', () => {
    expect(formatChip(toChip('Bob', 'bob@x.test'))).toBe('Bob <bob@x.test>');
    expect(formatChip(toChip('Smith, Ann', 'ann@x.test'))).toBe('"Smith, Ann" <ann@x.test>');
    expect(formatChip(toChip('', 'c@x.test'))).toBe('c@x.test');
  });
});
