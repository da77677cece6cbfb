import { describe, expect, it } from 'vitest';
import { isLocalNetwork } from './imap-connect.js';

describe('IMAP compression choice', () => {
  it('treats loopback and private addresses as local (no COMPRESS), anything else as remote', () => {
    for (const host of [
      '127.0.0.1',
      'localhost',
      '::1',
      '[::1]',
      '10.1.2.3',
      '192.168.0.9',
      '172.20.0.2',
      'fd12:3456::1',
    ]) {
      expect(isLocalNetwork(host)).toBe(true);
    }
    for (const host of ['imap.example.com', '8.8.8.8', '172.32.0.1', '192.169.1.1']) {
      expect(isLocalNetwork(host)).toBe(false);
    }
  });
});
