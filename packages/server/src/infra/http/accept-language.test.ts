import { describe, expect, it } from 'vitest';
import { languageOf } from './accept-language.js';

describe('languageOf', () => {
  it('takes the first supported language, with its region and weight ignored', () => {
    expect(languageOf('de-DE,et-EE;q=0.9,en;q=0.5')).toBe('et');
    expect(languageOf('RU;q=0.8')).toBe('ru');
    expect(languageOf('en-GB')).toBe('en');
  });

  it('falls back to the default language, or the one asked for, when none is supported', () => {
    expect(languageOf(undefined)).toBe('fi');
    expect(languageOf('de, sv;q=0.5')).toBe('fi');
    expect(languageOf('', 'en')).toBe('en');
    expect(languageOf('xx', 'en')).toBe('en');
  });
});
