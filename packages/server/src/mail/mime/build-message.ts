import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Address } from '@webmail/contracts';

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Set for an inline image the HTML references as `cid:{contentId}` (goes into multipart/related). */
  contentId: string | null;
}

export interface OutgoingMessage {
  from: Address;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  subject: string;
  /** null: a plain-text message. */
  html: string | null;
  text: string;
  messageId: string;
  date: Date;
  inReplyTo: string | null;
  references: string[];
  attachments: OutgoingAttachment[];
  headers?: Record<string, string>;
}

/**
 * Builds RFC 5322 MIME with nodemailer's MailComposer: UTF-8 throughout, encoded words for non-ASCII
 * names and subjects, RFC 2231 parameters for non-ASCII file names, multipart/alternative (text + HTML)
 * with multipart/related around the HTML when it has cid: images, multipart/mixed for attachments.
 * `keepBcc` keeps the Bcc header: wanted in the Drafts and Sent copies, never on the wire.
 */
export async function buildMessage(message: OutgoingMessage, options: { keepBcc: boolean }): Promise<Buffer> {
  const mail: Mail.Options = {
    from: toMailAddress(message.from),
    to: message.to.map(toMailAddress),
    cc: message.cc.map(toMailAddress),
    bcc: message.bcc.map(toMailAddress),
    subject: message.subject,
    text: message.text,
    messageId: message.messageId,
    date: message.date,
    headers: message.headers ?? {},
    attachments: message.attachments.map(toMailAttachment),
    // Never let a body or attachment option read a file or URL: content comes only from the buffers here.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  if (message.html !== null) mail.html = message.html;
  if (message.inReplyTo) mail.inReplyTo = message.inReplyTo;
  if (message.references.length > 0) mail.references = message.references;
  const root = new MailComposer(mail).compile();
  root.keepBcc = options.keepBcc;
  return root.build();
}

function toMailAddress(a: Address): Mail.Address {
  return { name: a.name, address: a.address };
}

function toMailAttachment(a: OutgoingAttachment): Mail.Attachment {
  const isMessage = a.contentType.toLowerCase() === 'message/rfc822';
  return {
    filename: a.filename,
    content: a.content,
    contentType: a.contentType,
    ...(a.contentId ? { cid: a.contentId } : {}),
    // nodemailer shows message/* parts inline by default; a forwarded .eml is a file to open.
    contentDisposition: a.contentId ? 'inline' : 'attachment',
    ...(isMessage ? {} : { contentTransferEncoding: 'base64' as const }),
  };
}

/**
 * Removes one header (with its folded continuation lines) from a raw message's header block, e.g. Bcc
 * before the message goes on the wire. The body is untouched, byte for byte.
 */
export function stripHeader(raw: Buffer, name: string): Buffer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return raw;
  const lines = raw.subarray(0, end).toString('latin1').split('\r\n');
  const prefix = `${name.toLowerCase()}:`;
  const kept: string[] = [];
  let dropping = false;
  for (const line of lines) {
    const continuation = line.startsWith(' ') || line.startsWith('\t');
    if (!continuation) dropping = line.toLowerCase().startsWith(prefix);
    if (!dropping) kept.push(line);
  }
  return Buffer.concat([Buffer.from(kept.join('\r\n'), 'latin1'), raw.subarray(end)]);
}
