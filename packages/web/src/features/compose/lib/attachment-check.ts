import { composeLimits } from '@webmail/contracts';
import {
  messageLimitRefusal,
  type FileFacts,
  type InlineImageRefusal,
} from '../../../shared/editor/inline-image-check';

/**
 * Why a file is refused before it is uploaded or put into the body (the composer limits); each names its limit.
 * One type for both, as the composer shows one notice for an attachment and an image pasted into the body.
 */
export type AttachmentRefusal =
  InlineImageRefusal | { kind: 'tooLarge'; limit: number } | { kind: 'tooMany'; limit: number };

/**
 * Checks an attachment against the limits before any byte is sent: one attachment at most 20,971,520 bytes, the
 * whole message at most 26,214,400 (`currentBytes` = attachments already there or uploading, plus the body). An
 * image for the body is checked by the editor (`checkInlineImage`). The server checks the same (422).
 */
export function checkAttachment(
  file: FileFacts,
  context: { currentBytes: number; currentCount: number },
): AttachmentRefusal | null {
  if (context.currentCount >= composeLimits.attachmentsMax) {
    return { kind: 'tooMany', limit: composeLimits.attachmentsMax };
  }
  if (file.size > composeLimits.attachmentMaxBytes) {
    return { kind: 'tooLarge', limit: composeLimits.attachmentMaxBytes };
  }
  return messageLimitRefusal(file, context.currentBytes);
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
