import type { ThreadMessage } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { addressedMessage, initiallyExpanded } from './conversation';

const message = (id: number, seen: boolean, mailbox = 'id-inbox'): ThreadMessage => ({
  id,
  mailbox,
  messageId: `<${id}@x>`,
  from: null,
  to: [],
  cc: [],
  subject: 's',
  date: new Date(2024, 0, id).toISOString(),
  seen,
  flagged: false,
  answered: false,
  draft: false,
  hasAttachments: false,
  snippet: '',
});

describe('conversation', () => {
  it('expands the addressed and the unread messages, or the only one', () => {
    const messages = [message(1, true), message(2, false, 'id-sent'), message(3, true), message(4, true)];
    expect([...initiallyExpanded(messages, 'id-inbox/3')]).toEqual(['id-sent/2', 'id-inbox/3']);
    expect([...initiallyExpanded([message(9, true)], 'elsewhere/1')]).toEqual(['id-inbox/9']);
  });

  it('finds the addressed message by folder and UID, else the newest', () => {
    const messages = [message(1, true), message(1, true, 'id-sent'), message(2, true)];
    expect(addressedMessage(messages, 'id-sent', 1)).toBe(messages[1]);
    expect(addressedMessage(messages, 'id-other', 5)).toBe(messages[2]);
  });
});
