import { apiUrl } from '../../../shared/api/api-client';

/** Paths of the messages API under /api (spec §7). Ids are encoded: a mailbox id is opaque to the client. */
export const messagePaths = {
  list: (userIndex: number, mailboxId: string) =>
    `/u/${userIndex}/mailbox/${encodeURIComponent(mailboxId)}/messages`,
  message: (userIndex: number, mailboxId: string, messageId: number) =>
    `${messagePaths.list(userIndex, mailboxId)}/${messageId}`,
  massAction: (userIndex: number) => `/u/${userIndex}/mailbox/massAction`,
};

/** URL of an attachment download (Content-Disposition: attachment), for `<a href download>`. */
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

/** The app path of an opened message (route MailboxThread). */
export function messageHref(userIndex: number, mailboxId: string, thread: string, messageId: number): string {
  return `/u/${userIndex}/${encodeURIComponent(mailboxId)}/${encodeURIComponent(thread)}/${messageId}`;
}

/** The app path of a folder's list (route Mailbox). */
export function folderHref(userIndex: number, mailboxId: string): string {
  return `/u/${userIndex}/${encodeURIComponent(mailboxId)}`;
}
