import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the first and last word, uppercased', () => {
    expect(initials('alice example')).toBe('AE');
    expect(initials('Anna Maria von Berg')).toBe('AB');
  });

  it('uses one letter for a one-word name', () => {
    expect(initials('bob')).toBe('B');
  });

  it('ignores quotes, brackets and extra spaces', () => {
    expect(initials('  "Jüri   Õun" ')).toBe('JÕ');
    expect(initials('Ivan (Иван) Петров')).toBe('IП');
  });

  it('is empty when there is nothing to show, so the person icon appears', () => {
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
    expect(initials(' - ')).toBe('');
  });
});
