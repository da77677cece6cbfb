import { composeLimits, type DraftAttachment, type ReplyMode, type ReplyPrefill } from '@webmail/contracts';
import { notFound } from '../../infra/errors.js';
import { toAddresses, firstAddress } from '../../mail/mime/addresses.js';
import { analyzeBodyStructure, readableParts, type TextPart } from '../../mail/mime/body-structure.js';
import { htmlToText } from '../../mail/mime/html-to-text.js';
import { sanitizeMailHtml } from '../../mail/mime/sanitize-html.js';
import { headerValue } from '../../mail/mime/thread-id.js';
import type { MailSession, MailFolder } from '../../mail/mail-session.js';
import { toContractDraft } from './contract-draft.js';
import { languageOf } from '../../infra/http/accept-language.js';
import {
  prefixedSubject,
  quote,
  replyRecipients,
  textToHtml,
  threading,
  type OriginalHeaders,
} from './reply-format.js';

const maxTextBytes = 4 * 1024 * 1024;
/** Inline images of the original are quoted as data: URLs up to this many bytes in all. */
const quotedImagesBudget = 5 * 1024 * 1024;

interface Original {
  headers: OriginalHeaders;
  html: string;
  text: string;
  size: number;
  attachments: DraftAttachment[];
}

/**
 * Pre-filled drafts for reply, reply all and forward. The original's HTML is sanitized with the reader's
 * sanitizer before it is quoted (remote content stays held back); a forward keeps the original's
 * attachments as references to its parts, so nothing is uploaded again.
 */
export class ReplyService {
  async prefill(
    mail: MailSession,
    target: { mailboxId: string; uid: number },
    options: { mode: ReplyMode; acceptLanguage?: string; timeZone?: string },
  ): Promise<ReplyPrefill> {
    const original = await mail.inFolder(target.mailboxId, (folder) => loadOriginal(folder, target));
    const { mode } = options;
    const recipients = replyRecipients(original.headers, mode, [mail.email]);
    const quoted = quote(original.headers, original, {
      mode,
      lang: languageOf(options.acceptLanguage, 'en'),
      timeZone: options.timeZone,
    });
    const asEml = mode === 'forwardAsAttachment';
    const emlName = `${(original.headers.subject || 'message').replace(/[\\/:*?"<>|]+/g, '_').slice(0, 200)}.eml`;
    const attachments: DraftAttachment[] = asEml
      ? [
          {
            type: 'message',
            ...refOf(target),
            filename: emlName,
            contentType: 'message/rfc822',
            size: original.size,
            inline: false,
            contentId: null,
          },
        ]
      : mode === 'forward'
        ? original.attachments
        : [];
    const draft = toContractDraft(
      {
        from: null,
        ...recipients,
        bcc: [],
        subject: prefixedSubject(original.headers.subject, mode),
        html: asEml ? '<p></p>' : quoted.html,
        text: asEml ? '' : quoted.text,
        plainText: false,
        ...threading(original.headers),
        attachments,
      },
      [mail.email],
    );
    // A forward starts a conversation of its own: it does not thread into the original.
    if (mode === 'forward' || asEml) Object.assign(draft, { inReplyTo: null, references: [] });
    return { draft };
  }
}

const refOf = (t: { mailboxId: string; uid: number }) => ({ mailboxId: t.mailboxId, messageId: t.uid });

async function loadOriginal(
  folder: MailFolder,
  target: { mailboxId: string; uid: number },
): Promise<Original> {
  const query = { uid: true, envelope: true, bodyStructure: true, size: true, headers: ['references'] };
  const row = await folder.fetchOne(target.uid, query);
  if (!row) throw notFound('Message', 'messageNotFound');
  const env = row.envelope;
  const parts = analyzeBodyStructure(row.bodyStructure);
  const readable = readableParts(parts);
  let html = await readTexts(folder, target.uid, readable.html);
  const text = await readTexts(folder, target.uid, readable.text);
  let budget = quotedImagesBudget;
  for (const image of parts.attachments.filter((a) => a.related && a.contentType.startsWith('image/'))) {
    if (!html || !image.contentId || !html.includes(`cid:${image.contentId}`) || image.size > budget)
      continue;
    // The quote carries it as an inline image of the reply, so the inline limit holds (500 KiB): a larger one
    // would make the reply impossible to save or send. Reading stops one byte past the limit; such an image
    // is left out of the quote (its cid: reference is dropped by the sanitizer below).
    const cap = Math.min(budget, composeLimits.inlineImageMaxBytes + 1);
    const data = await download(folder, target.uid, image.id, cap);
    budget -= data.length;
    if (data.length > composeLimits.inlineImageMaxBytes) continue;
    html = html
      .split(`cid:${image.contentId}`)
      .join(`data:${image.contentType};base64,${data.toString('base64')}`);
  }
  const safeHtml = html !== null ? sanitizeMailHtml(html).html : textToHtml(text ?? '');
  const headers: OriginalHeaders = {
    messageId: env?.messageId ?? null,
    references: headerValue(row.headers, 'references')?.match(/<[^<>\s]+>/g) ?? [],
    subject: env?.subject ?? '',
    date: env?.date ? new Date(env.date) : null,
    from: firstAddress(env?.from),
    replyTo: toAddresses(env?.replyTo),
    to: toAddresses(env?.to),
    cc: toAddresses(env?.cc),
  };
  const attachments: DraftAttachment[] = parts.attachments
    .filter((a) => !a.related)
    .map((a) => ({
      type: 'messagePart',
      ...refOf(target),
      part: a.id,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      inline: false,
      contentId: null,
    }));
  return { headers, html: safeHtml, text: text ?? htmlToText(safeHtml), size: row.size ?? 0, attachments };
}

async function readTexts(folder: MailFolder, uid: number, parts: TextPart[]): Promise<string | null> {
  if (parts.length === 0) return null;
  const chunks: string[] = [];
  for (const part of parts)
    chunks.push((await download(folder, uid, part.part, maxTextBytes)).toString('utf8'));
  return chunks.join('\n');
}

/** imapflow's download() decodes the transfer encoding and converts text charsets to UTF-8. */
async function download(folder: MailFolder, uid: number, part: string, maxBytes: number): Promise<Buffer> {
  const { content } = await folder.download(uid, part, { maxBytes });
  if (!content) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
