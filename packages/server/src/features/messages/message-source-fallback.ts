import { detailHeaders } from './message-summary.js';
import type { FetchMessageObject } from '../../mail/mail-types.js';
import PostalMime from 'postal-mime';
import { renderBodies, type MessageContent } from './message-content.js';
import type { MailFolder } from '../../mail/mail-session.js';

const maxSourceBytes = 8 * 1024 * 1024;

/**
 * A message whose BODYSTRUCTURE imapflow cannot parse — its parser refuses more than 25 levels of
 * nesting, and a FETCH it cannot parse comes back as no message at all — is fetched again without it,
 * so that it still opens instead of answering 404.
 */
export async function fetchWithoutStructure(
  folder: MailFolder,
  uid: number,
): Promise<FetchMessageObject | null> {
  const row = await folder.fetchOne(uid, {
    uid: true,
    flags: true,
    envelope: true,
    internalDate: true,
    size: true,
    headers: detailHeaders,
  });
  return row || null;
}

/**
 * The body of such a message, read from its source (the first 8 MB) with our own MIME parser. No
 * attachments are listed: they are addressed by IMAP part numbers, which need the structure.
 */
export async function loadContentFromSource(
  folder: MailFolder,
  uid: number,
  proxy?: (url: string) => string,
): Promise<MessageContent> {
  const { content } = await folder.download(uid, undefined, { maxBytes: maxSourceBytes });
  const chunks: Buffer[] = [];
  for await (const chunk of content ?? []) chunks.push(chunk as Buffer);
  const email = await PostalMime.parse(Buffer.concat(chunks));
  return { ...renderBodies(email.html ?? null, email.text ?? null, proxy), attachments: [], enclosed: [] };
}
