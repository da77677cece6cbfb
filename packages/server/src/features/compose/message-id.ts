import { createHash } from 'node:crypto';

/** Marks Message-IDs this webmail made, so the recent-party harvest does not count a send twice. */
export const webmailMessageIdPrefix = '<wm.';

/**
 * The fixed Message-ID of a draft's message: derived from the account and the draftId, so every retry,
 * every server process and every restart sends the same id (recipients' servers and clients then see one
 * message). The hash hides the account; the domain is the sender's.
 */
export function messageIdFor(account: string, draftId: string): string {
  const hash = createHash('sha256').update(`${account}\n${draftId}`).digest('hex').slice(0, 32);
  return `${webmailMessageIdPrefix}${hash}@${domainOf(account)}>`;
}

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}
