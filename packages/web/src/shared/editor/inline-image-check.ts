import { composeLimits } from '@webmail/contracts';

/** Why an image is not put into a body (the composer's limits, which the server checks again: 422). */
export type InlineImageRefusal =
  | { kind: 'messageTooLarge'; limit: number }
  | { kind: 'inlineTooLarge'; limit: number }
  | { kind: 'inlineType'; type: string }
  | { kind: 'notAnImage' };

export interface FileFacts {
  name: string;
  size: number;
  type: string;
}

/**
 * Checks an image before it goes into a body: at most 512,000 bytes, never image/tiff, and the whole message at
 * most 26,214,400 bytes with it (`currentBytes`: what the message has without it).
 */
export function checkInlineImage(file: FileFacts, currentBytes: number): InlineImageRefusal | null {
  const type = file.type.toLowerCase();
  if (!type.startsWith('image/')) return { kind: 'notAnImage' };
  if (composeLimits.disallowedInlineTypes.includes(type)) return { kind: 'inlineType', type };
  if (file.size > composeLimits.inlineImageMaxBytes) {
    return { kind: 'inlineTooLarge', limit: composeLimits.inlineImageMaxBytes };
  }
  return messageLimitRefusal(file, currentBytes);
}

/** The whole message's limit (26,214,400 bytes), for an inline image as for an attachment. */
export function messageLimitRefusal(
  file: FileFacts,
  currentBytes: number,
): { kind: 'messageTooLarge'; limit: number } | null {
  return currentBytes + file.size > composeLimits.messageMaxBytes
    ? { kind: 'messageTooLarge', limit: composeLimits.messageMaxBytes }
    : null;
}
