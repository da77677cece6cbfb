import { composeLimits } from '@webmail/contracts';

/** Why a file is refused before it is uploaded (the composer limits); each names its limit. */
export type AttachmentRefusal =
  | { kind: 'tooLarge'; limit: number }
  | { kind: 'messageTooLarge'; limit: number }
  | { kind: 'inlineTooLarge'; limit: number }
  | { kind: 'inlineType'; type: string }
  | { kind: 'notAnImage' }
  | { kind: 'tooMany'; limit: number };

export interface FileFacts {
  name: string;
  size: number;
  type: string;
}

/**
 * Checks a file against the limits before any byte is sent: one attachment at most 20,971,520 bytes, the
 * whole message at most 26,214,400 (`currentBytes` = attachments already there or uploading, plus the body),
 * and an inline image at most 512,000 bytes and never image/tiff. The server checks the same (422).
 */
export function checkAttachment(
  file: FileFacts,
  context: { inline: boolean; currentBytes: number; currentCount: number },
): AttachmentRefusal | null {
  const type = file.type.toLowerCase();
  if (context.inline) {
    if (!type.startsWith('image/')) return { kind: 'notAnImage' };
    if (composeLimits.disallowedInlineTypes.includes(type)) return { kind: 'inlineType', type };
    if (file.size > composeLimits.inlineImageMaxBytes) {
      return { kind: 'inlineTooLarge', limit: composeLimits.inlineImageMaxBytes };
    }
  } else {
    if (context.currentCount >= composeLimits.attachmentsMax) {
      return { kind: 'tooMany', limit: composeLimits.attachmentsMax };
    }
    if (file.size > composeLimits.attachmentMaxBytes) {
      return { kind: 'tooLarge', limit: composeLimits.attachmentMaxBytes };
    }
  }
  if (context.currentBytes + file.size > composeLimits.messageMaxBytes) {
    return { kind: 'messageTooLarge', limit: composeLimits.messageMaxBytes };
  }
  return null;
}

/** Decoded bytes of the data: images in an HTML body (they count towards the whole message). */
export function dataImageBytes(html: string): number {
  let total = 0;
  for (const match of html.matchAll(/data:[^;,"']+;base64,([A-Za-z0-9+/=]+)/g)) {
    total += Math.floor((match[1]!.length * 3) / 4);
  }
  return total;
}

/** Bytes of a draft's body as the server counts them: the text, plus pasted images decoded. */
export function bodyBytes(draft: { html: string; text: string; plainText: boolean }): number {
  if (draft.plainText) return new TextEncoder().encode(draft.text).length;
  const withoutImages = draft.html.replace(/data:[^;,"']+;base64,[A-Za-z0-9+/=]+/g, '');
  return new TextEncoder().encode(withoutImages).length + dataImageBytes(draft.html);
}
