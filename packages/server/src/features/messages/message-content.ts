import type { MessageStructureObject } from '../../mail/mail-types.js';
import type { Attachment, EnclosedMessage, RemoteContentState } from '@webmail/contracts';
import { firstAddress, toAddresses } from '../../mail/mime/addresses.js';
import {
  analyzeBodyStructure,
  type BodyParts,
  type EnclosedParts,
  type TextPart,
} from '../../mail/mime/body-structure.js';
import { decodeText } from '../../mail/mime/decode-text.js';
import { sanitizeMailHtml, type SanitizedHtml } from '../../mail/mime/sanitize-html.js';
import { fetchTextParts } from '../../mail/imap/message-text-parts.js';
import { downloadPart, downloadSection } from '../../mail/imap/part-download.js';
import type { CachedBody, MessageBodyCache, MessageBodyKey } from './message-body-cache.js';
import type { MailFolder } from '../../mail/mail-session.js';

const maxTextBytes = 4 * 1024 * 1024;
const maxInlineImageBytes = 8 * 1024 * 1024;

export interface MessageContent {
  html: string | null;
  text: string | null;
  remoteContentBlocked: boolean;
  remoteContent: RemoteContentState;
  attachments: Attachment[];
  enclosed: EnclosedMessage[];
}

export interface ContentOptions {
  /** Given when remote content may show: rewrites a remote URL to the signed image-proxy URL. */
  proxy?: (url: string) => string;
  /** Where rendered bodies are kept, and this message's key there (without the parts, added here). */
  bodyCache?: { cache: MessageBodyCache; key: Omit<MessageBodyKey, 'parts'> };
}

/** The text parts of one body: the message's own or an enclosed message's. */
type Body = Pick<BodyParts, 'html' | 'text'>;

/**
 * Reads only the parts a reader needs — the text bodies (its own and those of enclosed messages shown inline) and
 * the cid: images the HTML uses — never the whole message, so a 25 MB message with attachments opens as fast as a
 * short one. The text bodies come in one FETCH; a body rendered before (same message, same remote-content
 * decision) is not read again at all. Each HTML body goes through the same sanitizer. Must run inside a mailbox
 * lock.
 */
export async function loadMessageContent(
  folder: MailFolder,
  uid: number,
  structure: MessageStructureObject,
  options: ContentOptions = {},
): Promise<MessageContent> {
  const parts = analyzeBodyStructure(structure);
  const bodies: Body[] = [parts, ...parts.enclosed];
  const cached = bodies.map((body) => cacheOf(body, options)?.get());
  const wanted = bodies.flatMap((body, i) => (cached[i] ? [] : [...body.html, ...body.text]));
  const texts = await readTexts(folder, uid, structure, wanted);
  const rendered: CachedBody[] = [];
  for (const [i, body] of bodies.entries()) {
    const hit = cached[i];
    if (hit) {
      rendered.push(hit);
      continue;
    }
    const html = joined(texts, body.html);
    const sanitized =
      html === null
        ? null
        : sanitizeMailHtml(await inlineCidImages(folder, uid, html, parts.attachments), {
            proxy: options.proxy,
          });
    const fresh = { sanitized, text: joined(texts, body.text) };
    cacheOf(body, options)?.set(fresh);
    rendered.push(fresh);
  }
  const own = rendered[0]!;
  if (!own.sanitized && !own.text?.trim() && parts.attachments.length === 0 && parts.enclosed.length === 0) {
    // Nothing readable was found (say, a multipart without any part): show the raw body rather than a
    // blank page.
    own.text = decodeText(await downloadPart(folder, uid, 'TEXT', maxTextBytes));
  }
  const enclosed = parts.enclosed.map((e, i) => enclosedMessage(e, rendered[i + 1]!));
  const states = rendered.map((r) => r.sanitized?.remoteContent ?? 'none');
  const remoteContent = states.includes('blocked') ? 'blocked' : states.includes('shown') ? 'shown' : 'none';
  return {
    ...bodiesOf(own.sanitized, own.text),
    remoteContentBlocked: remoteContent === 'blocked',
    remoteContent,
    attachments: parts.attachments,
    enclosed,
  };
}

/** The cache entry of one body's text parts, or null without parts or a cache. */
function cacheOf(body: Body, { bodyCache }: ContentOptions) {
  if (!bodyCache || body.html.length + body.text.length === 0) return null;
  const key = { ...bodyCache.key, parts: [...body.html, ...body.text].map((p) => p.part) };
  return {
    get: () => bodyCache.cache.get(key),
    set: (value: CachedBody) => bodyCache.cache.set(key, value),
  };
}

function enclosedMessage(parts: EnclosedParts, body: CachedBody): EnclosedMessage {
  const env = parts.envelope;
  const date = env?.date ? new Date(env.date) : null;
  return {
    part: parts.part,
    from: firstAddress(env?.from),
    to: toAddresses(env?.to),
    cc: toAddresses(env?.cc),
    date: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
    subject: env?.subject ?? '',
    html: body.sanitized?.html ?? null,
    text: body.text,
  };
}

/** Sanitizes the HTML body (remote content proxied when `proxy` is given) and reports what it held. */
export function renderBodies(html: string | null, text: string | null, proxy?: (url: string) => string) {
  return bodiesOf(html === null ? null : sanitizeMailHtml(html, { proxy }), text);
}

function bodiesOf(sanitized: SanitizedHtml | null, text: string | null) {
  if (sanitized === null) {
    return { html: null, text, remoteContentBlocked: false, remoteContent: 'none' as const };
  }
  return {
    html: sanitized.html,
    text,
    remoteContentBlocked: sanitized.remoteContent === 'blocked',
    remoteContent: sanitized.remoteContent,
  };
}

/** Each part's text, decoded; a part too big for one FETCH is read by download(), up to the same limit. */
async function readTexts(
  folder: MailFolder,
  uid: number,
  structure: MessageStructureObject,
  parts: TextPart[],
): Promise<Map<string, string>> {
  const bytes = await fetchTextParts(folder, uid, structure, parts, maxTextBytes);
  const out = new Map<string, string>();
  for (const { part } of parts) {
    const section = downloadSection(structure, part);
    out.set(part, decodeText(bytes.get(part) ?? (await downloadPart(folder, uid, section, maxTextBytes))));
  }
  return out;
}

/** The parts' texts joined by a line break, or null when there are none. */
function joined(texts: Map<string, string>, parts: TextPart[]): string | null {
  return parts.length === 0 ? null : parts.map((p) => texts.get(p.part) ?? '').join('\n');
}

/** Replaces `cid:` references with data: URIs of the related parts (image types only, size-capped). */
async function inlineCidImages(folder: MailFolder, uid: number, html: string, attachments: Attachment[]) {
  const referenced = attachments.filter(
    (a) => a.contentId && a.contentType.startsWith('image/') && html.includes(`cid:${a.contentId}`),
  );
  let budget = maxInlineImageBytes;
  let out = html;
  for (const image of referenced) {
    if (image.size > budget) continue;
    const data = await downloadPart(folder, uid, image.id, budget);
    budget -= data.length;
    const uri = `data:${image.contentType};base64,${data.toString('base64')}`;
    out = out.split(`cid:${image.contentId}`).join(uri);
  }
  return out;
}
