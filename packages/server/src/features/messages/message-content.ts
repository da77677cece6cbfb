import type { ImapFlow, MessageStructureObject } from 'imapflow';
import type { Attachment } from '@webmail/contracts';
import { analyzeBodyStructure, type TextPart } from '../../mail/mime/body-structure.js';
import { sanitizeMailHtml } from '../../mail/mime/sanitize-html.js';

const maxTextBytes = 4 * 1024 * 1024;
const maxInlineImageBytes = 8 * 1024 * 1024;

export interface MessageContent {
  html: string | null;
  text: string | null;
  remoteContentBlocked: boolean;
  attachments: Attachment[];
}

/**
 * Reads only the parts a reader needs — the text bodies and the cid: images the HTML uses — never the
 * whole message, so a 25 MB message with attachments opens as fast as a short one. Must run inside a
 * mailbox lock.
 */
export async function loadMessageContent(
  client: ImapFlow,
  uid: number,
  structure: MessageStructureObject | undefined,
): Promise<MessageContent> {
  const parts = analyzeBodyStructure(structure);
  const html = await readTexts(client, uid, parts.html);
  const text = await readTexts(client, uid, parts.text);
  if (html === null) {
    return { html: null, text, remoteContentBlocked: false, attachments: parts.attachments };
  }
  const withImages = await inlineCidImages(client, uid, html, parts.attachments);
  const sanitized = sanitizeMailHtml(withImages);
  return {
    html: sanitized.html,
    text,
    remoteContentBlocked: sanitized.blockedRemote,
    attachments: parts.attachments,
  };
}

async function readTexts(client: ImapFlow, uid: number, parts: TextPart[]): Promise<string | null> {
  if (parts.length === 0) return null;
  const chunks: string[] = [];
  for (const part of parts)
    chunks.push((await downloadPart(client, uid, part.part, maxTextBytes)).toString('utf8'));
  return chunks.join('\n');
}

/** imapflow's download() decodes the transfer encoding and converts text charsets to UTF-8. */
export async function downloadPart(
  client: ImapFlow,
  uid: number,
  part: string,
  maxBytes: number,
): Promise<Buffer> {
  const { content } = await client.download(String(uid), part, { uid: true, maxBytes });
  if (!content) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Replaces `cid:` references with data: URIs of the related parts (image types only, size-capped). */
async function inlineCidImages(client: ImapFlow, uid: number, html: string, attachments: Attachment[]) {
  const referenced = attachments.filter(
    (a) => a.contentId && a.contentType.startsWith('image/') && html.includes(`cid:${a.contentId}`),
  );
  let budget = maxInlineImageBytes;
  let out = html;
  for (const image of referenced) {
    if (image.size > budget) continue;
    const data = await downloadPart(client, uid, image.id, budget);
    budget -= data.length;
    const uri = `data:${image.contentType};base64,${data.toString('base64')}`;
    out = out.split(`cid:${image.contentId}`).join(uri);
  }
  return out;
}
