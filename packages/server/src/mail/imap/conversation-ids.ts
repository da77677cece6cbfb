import type { ImapFlow } from 'imapflow';
import { threadIdOf } from '../mime/thread-id.js';
import { atom, list, rawCommand, sequence, type ImapArg } from './imap-raw-command.js';
import { noteFlagsChanged } from './selected-folder.js';

// The conversation ids of a folder's messages as the conversation index (thread-index.ts) reads them: three
// threading headers per message, hashed.

/** 32 bits of a conversation id (16 base64url characters of a SHA-256). */
export function hashOf(threadId: string): number {
  return Buffer.from(threadId, 'base64url').readUInt32BE(0);
}

const threadingHeaders: ImapArg = {
  type: 'ATOM',
  value: 'BODY.PEEK',
  section: [atom('HEADER.FIELDS'), list(atom('REFERENCES'), atom('IN-REPLY-TO'), atom('MESSAGE-ID'))],
};

/**
 * Each message's UID and conversation-id hash, read by hand: the reply is `* n FETCH (UID u BODY[HEADER.FIELDS
 * (…)] {len}` and the header block as the one literal. A message without any Message-ID is a conversation of
 * its own (its id is not a hash of headers) and is left out: its lookup is the message itself.
 */
export async function fetchConversationIds(
  client: ImapFlow,
  set: string,
  onMessage: (uid: number, hash: number) => void,
): Promise<void> {
  let flagNews = 0;
  await rawCommand(client, 'UID FETCH', [sequence(set), list(atom('UID'), threadingHeaders)], {
    FETCH: (payload, literals) => {
      const uid = Number(/\bUID (\d+)/i.exec(payload.toString('latin1', 0, 200))?.[1]);
      const block = literals[0];
      // Without the header block: another session's flag change (`* 7 FETCH (MODSEQ (9) FLAGS ())`).
      if (!uid || !block) {
        flagNews += 1;
        return;
      }
      const headers = block.toString('utf8').replace(/\r?\n[ \t]+/g, ' ');
      const field = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(headers)?.[1]?.trim();
      const references = field('references');
      const inReplyTo = field('in-reply-to');
      const messageId = field('message-id');
      if (!/<[^<>\s]+>/.test(`${references ?? ''}${inReplyTo ?? ''}${messageId ?? ''}`)) return;
      onMessage(uid, hashOf(threadIdOf({ references, inReplyTo, messageId, fallback: '' })));
    },
  });
  if (flagNews > 0) noteFlagsChanged(client);
}

/**
 * The conversation ids of the messages from UID `upTo` on: what arrived since an index read up to it. `n:*` always
 * answers the folder's highest UID, even one below n: that one is left out.
 */
export async function fetchConversationIdsFrom(
  client: ImapFlow,
  upTo: number,
  onMessage: (uid: number, hash: number) => void,
): Promise<void> {
  await fetchConversationIds(client, `${upTo}:*`, (uid, hash) => {
    if (uid >= upTo) onMessage(uid, hash);
  });
}
