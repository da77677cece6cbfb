import { apiUrl } from '../../../shared/api/api-client';

/** Paths of the messages API under /api (spec §7). Ids are encoded: a mailbox id is opaque to the client. */
export const messagePaths = {
  list: (userIndex: number, mailboxId: string) =>
    `/u/${userIndex}/mailbox/${encodeURIComponent(mailboxId)}/messages`,
  message: (userIndex: number, mailboxId: string, messageId: number) =>
    `${messagePaths.list(userIndex, mailboxId)}/${messageId}`,
  source: (userIndex: number, mailboxId: string, messageId: number) =>
    `${messagePaths.message(userIndex, mailboxId, messageId)}/source`,
  thread: (userIndex: number, mailboxId: string, threadId: string) =>
    `/u/${userIndex}/mailbox/${encodeURIComponent(mailboxId)}/threads/${encodeURIComponent(threadId)}`,
  massAction: (userIndex: number) => `/u/${userIndex}/mailbox/massAction`,
};

/** URL of an attachment download (Content-Disposition: attachment), for `<a href download>` and `<img src>`. */
export function attachmentUrl(
  userIndex: number,
  mailboxId: string,
  messageId: number,
  attachmentId: string,
): string {
  return apiUrl(
    `${messagePaths.message(userIndex, mailboxId, messageId)}/attachments/${encodeURIComponent(attachmentId)}`,
  );
}

/** URL of the zip of every attachment of a message (cid: images left out by the server). */
export function attachmentsZipUrl(userIndex: number, mailboxId: string, messageId: number): string {
  return apiUrl(`${messagePaths.message(userIndex, mailboxId, messageId)}/attachments.zip`);
}

/** URL of the raw message as an `.eml` download. */
export function sourceDownloadUrl(userIndex: number, mailboxId: string, messageId: number): string {
  return apiUrl(messagePaths.source(userIndex, mailboxId, messageId), { download: 1 });
}

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
