import { readingEndpoints } from '@webmail/contracts';
import { endpointUrl } from '../../../shared/api/call-api';

/** URL of an attachment download (Content-Disposition: attachment), for `<a href download>` and `<img src>`. */
export function attachmentUrl(
  userIndex: number,
  mailboxId: string,
  messageId: number,
  attachmentId: string,
): string {
  return endpointUrl(readingEndpoints.attachment, { userIndex, mailboxId, messageId, attachmentId });
}

/** URL of the zip of every attachment of a message (cid: images left out by the server). */
export function attachmentsZipUrl(userIndex: number, mailboxId: string, messageId: number): string {
  return endpointUrl(readingEndpoints.attachmentsZip, { userIndex, mailboxId, messageId });
}

/** URL of the raw message as an `.eml` download. */
export function sourceDownloadUrl(userIndex: number, mailboxId: string, messageId: number): string {
  return endpointUrl(readingEndpoints.source, { userIndex, mailboxId, messageId }, { download: '1' });
}
