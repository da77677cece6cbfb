import type { ImapFlow } from 'imapflow';

/**
 * The mail layer's objects (`MailFolder`, `MailConnection`) keep their imapflow connection under this key, out of
 * features' reach: a feature holds the object and calls its methods or the mail layer's helpers; only `mail/` turns
 * it back into the connection (`imapOf`). Features may not import this module (eslint/server-graph.js).
 */
export const imapKey: unique symbol = Symbol('imap');

export interface ImapHolder {
  readonly [imapKey]: ImapFlow;
}

/** What the mail layer's helpers accept: a folder or connection object, or (inside `mail/`) the connection itself. */
export type ImapTarget = ImapFlow | ImapHolder;

export function imapOf(target: ImapTarget): ImapFlow {
  return (target as Partial<ImapHolder>)[imapKey] ?? (target as ImapFlow);
}
