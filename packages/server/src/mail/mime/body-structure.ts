import type { MessageStructureObject } from 'imapflow';
import type { Attachment } from '@webmail/contracts';

export interface TextPart {
  part: string;
  type: 'text/plain' | 'text/html';
  size: number;
}

export interface BodyParts {
  html: TextPart[];
  text: TextPart[];
  attachments: Attachment[];
}

const maxDepth = 40;

/**
 * Splits a BODYSTRUCTURE into the readable body (text/html and text/plain parts not marked as attachments)
 * and attachments. Parts inside multipart/related that carry a Content-ID are `related` (inline cid:
 * images), not listed to the user. An attached message (message/rfc822) is one attachment; its inner
 * parts are not opened here.
 */
export function analyzeBodyStructure(root: MessageStructureObject | undefined): BodyParts {
  const result: BodyParts = { html: [], text: [], attachments: [] };
  if (root) walk(root, false, 0, result);
  return result;
}

function walk(node: MessageStructureObject, inRelated: boolean, depth: number, out: BodyParts): void {
  const type = (node.type || 'application/octet-stream').toLowerCase();
  if (depth > maxDepth) return;
  if (type.startsWith('multipart/') && node.childNodes?.length) {
    const related = type === 'multipart/related';
    node.childNodes.forEach((child, i) => walk(child, inRelated || (related && i > 0), depth + 1, out));
    return;
  }
  const part = node.part ?? '1';
  const filename = node.dispositionParameters?.filename ?? node.parameters?.name ?? null;
  const disposition = node.disposition?.toLowerCase();
  const isBodyText =
    (type === 'text/plain' || type === 'text/html') && disposition !== 'attachment' && !filename;
  if (isBodyText && !inRelated) {
    const size = decodedSize(node);
    (type === 'text/html' ? out.html : out.text).push({ part, type, size });
    return;
  }
  const contentId = node.id ? node.id.replace(/^<|>$/g, '') : null;
  const related = inRelated && contentId !== null && disposition !== 'attachment';
  out.attachments.push({
    id: part,
    filename: filename ?? fallbackName(type, part, node),
    contentType: type,
    size: decodedSize(node),
    disposition: related || disposition === 'inline' ? 'inline' : 'attachment',
    related,
    contentId,
  });
}

/** BODYSTRUCTURE reports the encoded size; base64 carries 3 bytes in 4 characters. */
function decodedSize(node: MessageStructureObject): number {
  const size = node.size ?? 0;
  return node.encoding?.toLowerCase() === 'base64' ? Math.floor((size * 3) / 4) : size;
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
  if (type === 'message/rfc822' && node.envelope?.subject) return `${node.envelope.subject}.eml`;
  const ext = extensions[type] ?? type.split('/')[1]?.replace(/[^a-z0-9]+/g, '') ?? 'bin';
  return `part-${part}.${ext}`;
}

export function hasUserAttachments(root: MessageStructureObject | undefined): boolean {
  return analyzeBodyStructure(root).attachments.some((a) => !a.related);
}

export function findPart(root: MessageStructureObject | undefined, part: string): Attachment | undefined {
  return analyzeBodyStructure(root).attachments.find((a) => a.id === part);
}
