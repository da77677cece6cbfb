import { composeLimits, formatBytes, type DraftContent } from '@webmail/contracts';
import { AppError } from '../../infra/errors.js';
import type { OutgoingAttachment } from '../../mail/mime/build-message.js';
import type { ResolvedAttachment } from './attachment-resolver.js';

const bytes = (n: number) => `${formatBytes(n)} (${n.toLocaleString('en-US')} bytes)`;

/** Spec §9 limit messages, each naming the limit. */
export const limitMessages = {
  attachment: (name: string) =>
    `"${name}" is larger than the limit for one attachment, ${bytes(composeLimits.attachmentMaxBytes)}`,
  inline: (name: string) =>
    `The inline image "${name}" is larger than the limit for inline images, ${bytes(composeLimits.inlineImageMaxBytes)}`,
  inlineType: (name: string, type: string) =>
    `"${name}" cannot be shown inline: ${type} images are not allowed`,
  message: (total: number) =>
    `The message is ${formatBytes(total)}, larger than the limit for a whole message, ${bytes(composeLimits.messageMaxBytes)}`,
};

export function validationError(errors: Record<string, string[]>): AppError {
  const message = Object.values(errors).flat().join(', ') || 'Some fields are invalid';
  return new AppError('ValidationError', 422, message, errors);
}

/**
 * What the schema cannot see: the sender, attachment and inline-image limits on the real bytes, and the
 * whole message's size (bodies + attachments + pasted data: images). Throws one 422 with every problem.
 */
export function checkDraft(
  draft: DraftContent,
  parts: { attachments: ResolvedAttachment[]; dataImages: OutgoingAttachment[]; html: string | null },
  context: { account: string; forSend: boolean },
): void {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (draft.from && draft.from.address.toLowerCase() !== context.account.toLowerCase()) {
    add('from', `You can send only as ${context.account}`);
  }
  if (context.forSend && draft.to.length + draft.cc.length + draft.bcc.length === 0) {
    add('to', 'Add at least one recipient');
  }
  for (const a of parts.attachments) {
    if (a.content.length > composeLimits.attachmentMaxBytes)
      add('attachments', limitMessages.attachment(a.filename));
    if (!a.inline) continue;
    if (composeLimits.disallowedInlineTypes.includes(a.contentType.toLowerCase())) {
      add('attachments', limitMessages.inlineType(a.filename, a.contentType));
    } else if (a.content.length > composeLimits.inlineImageMaxBytes) {
      add('attachments', limitMessages.inline(a.filename));
    }
  }
  // Images pasted into the HTML as data: URLs become inline parts too: the same type and size limits apply
  // as to an inline upload, or a client that skips the upload would get round them.
  for (const image of parts.dataImages) {
    if (composeLimits.disallowedInlineTypes.includes(image.contentType)) {
      add('html', limitMessages.inlineType(image.filename, image.contentType));
    } else if (image.content.length > composeLimits.inlineImageMaxBytes) {
      add('html', limitMessages.inline(image.filename));
    }
  }
  const total =
    Buffer.byteLength(draft.plainText ? draft.text : (parts.html ?? '')) +
    [...parts.attachments, ...parts.dataImages].reduce((sum, a) => sum + a.content.length, 0);
  if (total > composeLimits.messageMaxBytes) add('attachments', limitMessages.message(total));
  if (Object.keys(errors).length > 0) throw validationError(errors);
}
