import type { ImapFlow, MessageStructureObject } from 'imapflow';
import type { Attachment, RemoteContentState } from '@webmail/contracts';
import { analyzeBodyStructure, type TextPart } from '../../mail/mime/body-structure.js';
import { decodeText } from '../../mail/mime/decode-text.js';
import { sanitizeMailHtml } from '../../mail/mime/sanitize-html.js';

const maxTextBytes = 4 * 1024 * 1024;
const maxInlineImageBytes = 8 * 1024 * 1024;

export interface MessageContent {
  html: string | null;
  text: string | null;
  remoteContentBlocked: boolean;
  remoteContent: RemoteContentState;
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
  /** Given when remote content may show: rewrites a remote URL to the signed image-proxy URL. */
  proxy?: (url: string) => string,
): Promise<MessageContent> {
  const parts = analyzeBodyStructure(structure);
  const html = await readTexts(client, uid, parts.html);
  let text = await readTexts(client, uid, parts.text);
  if (html === null && !text?.trim() && parts.attachments.length === 0) {
    // Nothing readable was found (say, a multipart without any part): show the raw body rather than a
    // blank page.
    text = decodeText(await downloadPart(client, uid, 'TEXT', maxTextBytes));
  }
  const withImages = html === null ? null : await inlineCidImages(client, uid, html, parts.attachments);
  return { ...renderBodies(withImages, text, proxy), attachments: parts.attachments };
}

/** Sanitizes the HTML body (remote content proxied when `proxy` is given) and reports what it held. */
export function renderBodies(html: string | null, text: string | null, proxy?: (url: string) => string) {
  if (html === null) {
    return { html: null, text, remoteContentBlocked: false, remoteContent: 'none' as const };
  }
  const sanitized = sanitizeMailHtml(html, { proxy });
  return {
    html: sanitized.html,
    text,
    remoteContentBlocked: sanitized.remoteContent === 'blocked',
    remoteContent: sanitized.remoteContent,
  };
}

async function readTexts(client: ImapFlow, uid: number, parts: TextPart[]): Promise<string | null> {
  if (parts.length === 0) return null;
  const chunks: string[] = [];
  for (const part of parts) chunks.push(decodeText(await downloadPart(client, uid, part.part, maxTextBytes)));
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
