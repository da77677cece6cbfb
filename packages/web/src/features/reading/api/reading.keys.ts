/**
 * Query keys of the reading feature; the user index is the second element, like every feature's, so a sign-out
 * drops them with the rest of the user's data. The message itself (its detail, whose flags mail actions patch)
 * belongs to the messages feature: `messagesKeys.detail`.
 */
export const readingKeys = {
  all: (userIndex: number) => ['reading', userIndex] as const,
  threads: (userIndex: number) => [...readingKeys.all(userIndex), 'thread'] as const,
  /** A conversation as opened from one message of `mailboxId`. */
  thread: (userIndex: number, mailboxId: string, threadId: string, messageId?: number) =>
    [...readingKeys.threads(userIndex), mailboxId, threadId, messageId ?? null] as const,
  /** The raw RFC 822 text of one message (MailboxSource). */
  source: (userIndex: number, mailboxId: string, messageId: number) =>
    [...readingKeys.all(userIndex), 'source', mailboxId, messageId] as const,
  /** An attachment's bytes for the PDF preview. */
  attachmentFile: (userIndex: number, mailboxId: string, messageId: number, attachmentId: string) =>
    [...readingKeys.all(userIndex), 'attachmentFile', mailboxId, messageId, attachmentId] as const,
};
