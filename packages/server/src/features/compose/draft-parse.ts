import PostalMime, { type Address as ParsedAddress, type Attachment } from 'postal-mime';
import type { Recipient } from '@webmail/contracts';
import type { LooseDraft } from './contract-draft.js';

/** The draft's fields as read back; attachments come back as files to hand back as uploads. */
export type ParsedDraft = Omit<LooseDraft, 'attachments'> & {
  /** Inline images are put back into the HTML as data: URLs instead. */
  files: Array<{ filename: string; contentType: string; content: Buffer }>;
};

/**
 * Reads a Drafts copy back into the composer's shape. Inline images return as data: URLs inside the
 * HTML, so the editor shows them without another request and the next save re-embeds them; attached
 * .eml files stay files (forceRfc822Attachments).
 */
export async function parseDraft(raw: Buffer): Promise<ParsedDraft> {
  const email = await PostalMime.parse(raw, { forceRfc822Attachments: true });
  let html = email.html ?? null;
  const files: ParsedDraft['files'] = [];
  for (const a of email.attachments) {
    const content = toBuffer(a);
    const cid = a.contentId?.replace(/^<|>$/g, '');
    if (html !== null && cid && html.includes(`cid:${cid}`)) {
      html = html.split(`cid:${cid}`).join(`data:${a.mimeType};base64,${content.toString('base64')}`);
      continue;
    }
    files.push({ filename: a.filename ?? 'attachment', contentType: a.mimeType, content });
  }
  const from = recipients(email.from ? [email.from] : [])[0] ?? null;
  return {
    from,
    to: recipients(email.to),
    cc: recipients(email.cc),
    bcc: recipients(email.bcc),
    subject: email.subject ?? '',
    html,
    text: email.text ?? '',
    plainText: html === null,
    inReplyTo: email.inReplyTo?.match(/<[^<>\s]+>/)?.[0] ?? null,
    references: email.references?.match(/<[^<>\s]+>/g) ?? [],
    files,
  };
}

function recipients(list: ParsedAddress[] | undefined): Recipient[] {
  return (list ?? [])
    .flatMap((a) => (a.group ? a.group : [a]))
    .filter((a): a is { name: string; address: string } => !!a.address)
    .map((a) => ({ name: a.name ?? '', address: a.address }));
}

function toBuffer(a: Attachment): Buffer {
  if (typeof a.content === 'string')
    return Buffer.from(a.content, a.encoding === 'base64' ? 'base64' : 'utf8');
  return Buffer.from(a.content instanceof ArrayBuffer ? new Uint8Array(a.content) : a.content);
}
