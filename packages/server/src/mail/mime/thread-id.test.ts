import { describe, expect, it } from 'vitest';
import { headerValue, threadIdOf } from './thread-id.js';

describe('threadIdOf', () => {
  it('gives a reply the id of its thread root', () => {
    const root = threadIdOf({ messageId: '<root@x>', fallback: 'a' });
    const reply = threadIdOf({
      references: '<root@x> <second@x>',
      inReplyTo: '<second@x>',
      messageId: '<third@x>',
      fallback: 'b',
    });
    const replyWithoutReferences = threadIdOf({ inReplyTo: '<root@x>', messageId: '<r@x>', fallback: 'c' });
    // Stable across versions: the first 16 characters of the root Message-ID's SHA-256, base64url.
    expect(root).toBe('LdTFkMl-QoCxg5l0');
    expect(reply).toBe(root);
    expect(replyWithoutReferences).toBe(root);
  });

  it('falls back to a per-message id when no Message-ID exists', () => {
    expect(threadIdOf({ fallback: 'box:1' })).not.toBe(threadIdOf({ fallback: 'box:2' }));
  });
});

describe('headerValue', () => {
  it('reads an unfolded header', () => {
    const raw = Buffer.from('References: <a@x>\r\n <b@x>\r\n\r\n');
    expect(headerValue(raw, 'references')).toBe('<a@x> <b@x>');
  });
});
