import { describe, expect, it } from 'vitest';
import { defaultName } from './default-name.js';

describe('defaultName', () => {
  it('makes a readable name from the address', () => {
    expect(defaultName('john.doe@example.test')).toBe('John Doe');
    expect(defaultName('alice@example.test')).toBe('Alice');
  });
});
