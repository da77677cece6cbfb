import type { FetchMessageObject } from '../../mail/mail-types.js';
import { analyzeBodyStructure, readableParts } from '../../mail/mime/body-structure.js';
import { downloadPart, downloadSection } from '../../mail/imap/part-download.js';
import type { MailFolder } from '../../mail/mail-session.js';

const snippetLength = 200;

/**
 * A short plain-text preview of a message for a collapsed conversation line: the start of its first
 * text part (plain preferred; HTML with markup, styles and scripts stripped), whitespace collapsed.
 * Reads at most a few KB of that one part. Only for servers without PREVIEW (RFC 8970), whose preview
 * the conversation uses instead. Must run inside the message's mailbox lock.
 */
export async function snippetOf(folder: MailFolder, row: FetchMessageObject): Promise<string> {
  const parts = readableParts(analyzeBodyStructure(row.bodyStructure));
  const part = parts.text[0] ?? parts.html[0];
  if (!part) return '';
  const section = downloadSection(row.bodyStructure, part.part);
  const raw = (await downloadPart(folder, row.uid, section, 8192)).toString('utf8');
  const text = part.type === 'text/html' ? htmlToText(raw) : raw;
  const lines = text.split(/\r?\n/).filter((line) => !/^\s*>/.test(line));
  const flat = lines.join(' ').replace(/\s+/g, ' ').trim();
  return flat.length > snippetLength ? `${flat.slice(0, snippetLength - 1).trimEnd()}…` : flat;
}

/** Good enough for a preview line; the text is rendered as text, never as HTML. */
function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head|title)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;/g, "'");
}
