/** The app path of an opened message (route MailboxThread). */
export function messageHref(userIndex: number, mailboxId: string, thread: string, messageId: number): string {
  return `/u/${userIndex}/${encodeURIComponent(mailboxId)}/${encodeURIComponent(thread)}/${messageId}`;
}

/** The app path of a folder's list (route Mailbox). */
export function folderHref(userIndex: number, mailboxId: string): string {
  return `/u/${userIndex}/${encodeURIComponent(mailboxId)}`;
}

/** The tab layout (route BaseLayoutTab): pages opened in a new browser tab, without the app chrome. */
const tabBase = (userIndex: number, mailboxId: string) =>
  `/u/${userIndex}/tab/${encodeURIComponent(mailboxId)}`;

export const tabHrefs = {
  /** MailboxThreadTab: the conversation alone. */
  thread: (userIndex: number, mailboxId: string, thread: string, messageId: number) =>
    `${tabBase(userIndex, mailboxId)}/${encodeURIComponent(thread)}/${messageId}`,
  /** MailboxSource. */
  source: (userIndex: number, mailboxId: string, messageId: number) =>
    `${tabBase(userIndex, mailboxId)}/messages/${messageId}/source`,
  /** MailboxPrint. */
  print: (userIndex: number, mailboxId: string, messageId: number) =>
    `${tabBase(userIndex, mailboxId)}/messages/${messageId}/print`,
  /**
   * MailboxThreadPrint. The conversation API finds a thread from one of its messages, so the path of spec §2
   * carries that message's UID as `?messageId=`.
   */
  threadPrint: (userIndex: number, mailboxId: string, thread: string, messageId: number) =>
    `${tabBase(userIndex, mailboxId)}/${encodeURIComponent(thread)}/print?messageId=${messageId}`,
};

export type ComposeMode = 'reply' | 'replyAll' | 'forward';

/** The composer answering a message (route Compose reads exactly these query parameters). */
export function composeHref(
  userIndex: number,
  mode: ComposeMode,
  mailboxId: string,
  messageId: number,
): string {
  const query = new URLSearchParams({ mode, mailboxId, messageId: String(messageId) });
  return `/u/${userIndex}/compose?${query.toString()}`;
}
