import { appHref } from './app-paths';

/** The page of an opened message (route MailboxThread). */
export function messageHref(userIndex: number, mailboxId: string, thread: string, messageId: number): string {
  return appHref('MailboxThread', { userIndex, mailboxId, threadId: thread, messageId });
}

/** The page of a folder's list (route Mailbox). */
export function folderHref(userIndex: number, mailboxId: string): string {
  return appHref('Mailbox', { userIndex, mailboxId });
}

/** The results of a search (route MailboxSearch, query parameter `search`). */
export function searchHref(userIndex: number, search: string): string {
  return appHref('MailboxSearch', { userIndex }, { search });
}

/** A message opened from search results (route MailboxSearchThread): the search stays in the address. */
export function searchMessageHref(
  userIndex: number,
  search: string,
  mailboxId: string,
  thread: string,
  messageId: number,
): string {
  return appHref('MailboxSearchThread', { userIndex, mailboxId, threadId: thread, messageId }, { search });
}

/** The tab layout (route BaseLayoutTab): pages opened in a new browser tab, without the app chrome. */
export const tabHrefs = {
  /** MailboxThreadTab: the conversation alone. */
  thread: (userIndex: number, mailboxId: string, thread: string, messageId: number) =>
    appHref('MailboxThreadTab', { userIndex, mailboxId, threadId: thread, messageId }),
  /** MailboxSource. */
  source: (userIndex: number, mailboxId: string, messageId: number) =>
    appHref('MailboxSource', { userIndex, mailboxId, messageId }),
  /** MailboxPrint. */
  print: (userIndex: number, mailboxId: string, messageId: number) =>
    appHref('MailboxPrint', { userIndex, mailboxId, messageId }),
  /**
   * MailboxThreadPrint. The conversation API finds a thread from one of its messages, so the page's address
   * carries that message's UID as `?messageId=`.
   */
  threadPrint: (userIndex: number, mailboxId: string, thread: string, messageId: number) =>
    appHref('MailboxThreadPrint', { userIndex, mailboxId, threadId: thread }, { messageId }),
};

export type ComposeMode = 'reply' | 'replyAll' | 'forward';

/** The composer answering a message (route Compose reads exactly these query parameters). */
export function composeHref(
  userIndex: number,
  mode: ComposeMode,
  mailboxId: string,
  messageId: number,
): string {
  return appHref('Compose', { userIndex, draftId: null }, { mode, mailboxId, messageId });
}
