import type { MessageEnvelopeObject, MessageStructureObject } from 'imapflow';
import type { Attachment } from '@webmail/contracts';

export interface TextPart {
  part: string;
  type: 'text/plain' | 'text/html';
  size: number;
}

/** A message enclosed in another (message/rfc822) whose body is shown inline, with its envelope. */
export interface EnclosedParts {
  part: string;
  envelope: MessageEnvelopeObject | undefined;
  html: TextPart[];
  text: TextPart[];
}

export interface BodyParts {
  html: TextPart[];
  text: TextPart[];
  attachments: Attachment[];
  /** Enclosed messages shown inline, in document order, nested ones after the one holding them. */
  enclosed: EnclosedParts[];
}

const maxDepth = 40;

/** One message's parts as the walk finds them, before deciding what is shown. */
interface Scope {
  html: TextPart[];
  text: TextPart[];
  /** Text parts with a file name, not marked as attachments: the body when there is no other. */
  named: { text: TextPart; attachment: Attachment }[];
  attachments: Attachment[];
  messages: { part: string; node: MessageStructureObject; attached: boolean; scope: Scope }[];
}

const newScope = (): Scope => ({ html: [], text: [], named: [], attachments: [], messages: [] });

/**
 * Splits a BODYSTRUCTURE into the readable body (text/html and text/plain parts not marked as attachments), the
 * attachments and the enclosed messages. Parts inside multipart/related that carry a Content-ID are `related`
 * (inline cid: images), not listed to the user. An enclosed message (message/rfc822) is listed as an attachment
 * (its .eml) and is shown inline — its headers, body and attachments — unless it is marked as an attachment while
 * the message has a body of its own (a message forwarded as attachment). A message with no body of its own shows
 * its named text parts as the body. Part numbers are IMAP's, computed here: imapflow numbers the parts inside an
 * enclosed message as if it were not there.
 */
export function analyzeBodyStructure(root: MessageStructureObject | undefined): BodyParts {
  if (!root) return { html: [], text: [], attachments: [], enclosed: [] };
  const scope = newScope();
  walkBody(root, '', 0, scope);
  return resolve(scope);
}

/** The node of an IMAP part number, or undefined. */
export function nodeAt(
  root: MessageStructureObject | undefined,
  part: string,
): MessageStructureObject | undefined {
  let found: MessageStructureObject | undefined;
  const visit = (node: MessageStructureObject, number: string, depth: number): void => {
    if (found || depth > maxDepth) return;
    if (number === part) found = node;
    else if (isMultipart(node))
      node.childNodes!.forEach((c, i) => visit(c, childNumber(number, i), depth + 1));
    else if (node.childNodes?.[0] && isEnclosure(node)) visitBody(node.childNodes[0], number, depth + 1);
  };
  const visitBody = (node: MessageStructureObject, number: string, depth: number) =>
    isMultipart(node)
      ? node.childNodes!.forEach((c, i) => visit(c, childNumber(number, i), depth + 1))
      : visit(node, childNumber(number, 0), depth);
  if (root) visitBody(root, '', 0);
  return found;
}

/** A message body: a multipart's children are numbered below `number`, a single part is `number`.1. */
function walkBody(node: MessageStructureObject, number: string, depth: number, out: Scope): void {
  if (isMultipart(node)) walk(node, number, false, depth, out);
  else walk(node, childNumber(number, 0), false, depth, out);
}

function walk(
  node: MessageStructureObject,
  part: string,
  inRelated: boolean,
  depth: number,
  out: Scope,
): void {
  if (depth > maxDepth) return;
  if (isMultipart(node)) {
    const related = mediaType(node) === 'multipart/related';
    node.childNodes!.forEach((child, i) =>
      walk(child, childNumber(part, i), inRelated || (related && i > 0), depth + 1, out),
    );
    return;
  }
  const type = mediaType(node);
  const filename = node.dispositionParameters?.filename ?? node.parameters?.name ?? null;
  const disposition = node.disposition?.toLowerCase();
  const bodyType = type === 'text/plain' || type === 'text/html' ? type : null;
  if (bodyType && disposition !== 'attachment' && !inRelated && !filename) {
    (bodyType === 'text/html' ? out.html : out.text).push({ part, type: bodyType, size: decodedSize(node) });
    return;
  }
  const attachment = attachmentOf(node, part, type, filename, inRelated);
  out.attachments.push(attachment);
  if (bodyType && disposition !== 'attachment' && !inRelated)
    out.named.push({ text: { part, type: bodyType, size: attachment.size }, attachment });
  if (isEnclosure(node) && node.childNodes?.[0]) {
    const scope = newScope();
    walkBody(node.childNodes[0], part, depth + 1, scope);
    out.messages.push({ part, node, attached: disposition === 'attachment', scope });
  }
}

/** What one message shows: see analyzeBodyStructure. */
function resolve(scope: Scope): BodyParts {
  const out: BodyParts = { html: scope.html, text: scope.text, attachments: scope.attachments, enclosed: [] };
  const ownBody = () => out.html.length > 0 || out.text.length > 0;
  const shown = scope.messages.filter((m) => !m.attached || !ownBody());
  if (!ownBody() && shown.length === 0 && scope.named.length > 0) {
    for (const { text, attachment } of scope.named) {
      (text.type === 'text/html' ? out.html : out.text).push(text);
      out.attachments = out.attachments.filter((a) => a !== attachment);
    }
  }
  for (const message of shown) {
    const inner = resolve(message.scope);
    out.enclosed.push({
      part: message.part,
      envelope: message.node.envelope,
      html: inner.html,
      text: inner.text,
    });
    out.enclosed.push(...inner.enclosed);
    out.attachments.push(...inner.attachments);
  }
  return out;
}

const isMultipart = (node: MessageStructureObject) =>
  (node.type ?? '').toLowerCase().startsWith('multipart/') && (node.childNodes?.length ?? 0) > 0;
const isEnclosure = (node: MessageStructureObject) =>
  ['message/rfc822', 'message/global'].includes(mediaType(node));
const childNumber = (number: string, index: number) =>
  number ? `${number}.${index + 1}` : String(index + 1);

/**
 * The part's `type/subtype`, lower-cased. A missing or invalid Content-Type is text/plain, the default RFC 2045
 * gives: Dovecot reports `text` without a subtype and `bogus` alike (NIL, which imapflow hands over as `/`), and a
 * broken text subtype (`text/plain日本`) is text too. Any other type that is not one (`image/png日本`) is
 * application/octet-stream, as RFC 2046 treats an unknown type: never shown, only downloaded.
 */
function mediaType(node: MessageStructureObject): string {
  const type = (node.type ?? '').trim().toLowerCase();
  if (/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type)) return type;
  return ['', '/', 'text'].includes(type) || type.startsWith('text/')
    ? 'text/plain'
    : 'application/octet-stream';
}

function attachmentOf(
  node: MessageStructureObject,
  part: string,
  type: string,
  filename: string | null,
  inRelated: boolean,
): Attachment {
  const disposition = node.disposition?.toLowerCase();
  const contentId = node.id ? node.id.replace(/^<|>$/g, '') : null;
  const related = inRelated && contentId !== null && disposition !== 'attachment';
  return {
    id: part,
    filename: filename ?? fallbackName(type, part, node),
    contentType: type,
    size: decodedSize(node),
    disposition: related || disposition === 'inline' ? 'inline' : 'attachment',
    related,
    contentId,
  };
}

/**
 * BODYSTRUCTURE reports the encoded size. Base64 carries 3 bytes in 4 characters, in lines of (nearly always)
 * 76 characters each ended by CRLF except the last: without those line ends the size is within the padding's
 * 2 bytes of the file's for 76-character lines, and a few in a thousand for other widths.
 */
function decodedSize(node: MessageStructureObject): number {
  const size = node.size ?? 0;
  if (node.encoding?.toLowerCase() !== 'base64') return size;
  const characters = size - 2 * (Math.ceil((size + 2) / 78) - 1);
  return Math.max(0, Math.floor((characters * 3) / 4));
}

const extensions: Record<string, string> = {
  'message/rfc822': 'eml',
  'text/calendar': 'ics',
  'text/plain': 'txt',
  'text/html': 'html',
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
};

function fallbackName(type: string, part: string, node: MessageStructureObject): string {
  if (isEnclosure(node) && node.envelope?.subject) return `${node.envelope.subject}.eml`;
  const ext = extensions[type] ?? type.split('/')[1]?.replace(/[^a-z0-9]+/g, '') ?? 'bin';
  return `part-${part}.${ext || 'bin'}`;
}

/** The text that stands for the message (a snippet, a quote): its own body, else its enclosed messages'. */
export function readableParts(parts: BodyParts): Pick<BodyParts, 'html' | 'text'> {
  if (parts.html.length > 0 || parts.text.length > 0) return parts;
  return { html: parts.enclosed.flatMap((e) => e.html), text: parts.enclosed.flatMap((e) => e.text) };
}

export function hasUserAttachments(root: MessageStructureObject | undefined): boolean {
  return analyzeBodyStructure(root).attachments.some((a) => !a.related);
}

export function findPart(root: MessageStructureObject | undefined, part: string): Attachment | undefined {
  return analyzeBodyStructure(root).attachments.find((a) => a.id === part);
}
