import { composeLimits, formatBytes, type DraftContent } from '@webmail/contracts';
import { FieldProblems, type FieldProblem } from '../../infra/errors.js';
import type { OutgoingAttachment } from '../../mail/mime/build-message.js';
import type { ResolvedAttachment } from './resolved-attachment.js';

const bytes = (n: number) => `${formatBytes(n)} (${n.toLocaleString('en-US')} bytes)`;

/** The composer's limit refusals, each naming the limit: a code and parameters for the web, English text. */
export const limitProblems = {
  attachment: (name: string): FieldProblem => ({
    code: 'attachmentTooLarge',
    params: { name, max: composeLimits.attachmentMaxBytes },
    message: `"${name}" is larger than the limit for one attachment, ${bytes(composeLimits.attachmentMaxBytes)}`,
  }),
  inline: (name: string): FieldProblem => ({
    code: 'inlineImageTooLarge',
    params: { name, max: composeLimits.inlineImageMaxBytes },
    message: `The inline image "${name}" is larger than the limit for inline images, ${bytes(composeLimits.inlineImageMaxBytes)}`,
  }),
  inlineType: (name: string, type: string): FieldProblem => ({
    code: 'inlineTypeNotAllowed',
    params: { name, type },
    message: `"${name}" cannot be shown inline: ${type} images are not allowed`,
  }),
  message: (total: number): FieldProblem => ({
    code: 'messageTooLarge',
    params: { size: total, max: composeLimits.messageMaxBytes },
    message: `The message is ${formatBytes(total)}, larger than the limit for a whole message, ${bytes(composeLimits.messageMaxBytes)}`,
  }),
  gone: (message: string): FieldProblem => ({ code: 'attachmentGone', message }),
};

/**
 * What the schema cannot see: the sender (the account or a verified outgoing address), attachment and inline-image limits on the real bytes, and the
 * whole message's size (bodies + attachments + pasted data: images). Throws one 422 with every problem.
 */
export function checkDraft(
  draft: DraftContent,
  parts: { attachments: ResolvedAttachment[]; dataImages: OutgoingAttachment[]; html: string | null },
  context: { account: string; senders: string[]; forSend: boolean },
): void {
  const problems = new FieldProblems();
  const add = (field: string, problem: FieldProblem) =>
    problems.add(field, problem.code, problem.message, problem.params);
  const from = draft.from?.address.toLowerCase();
  if (from && !context.senders.some((s) => s.toLowerCase() === from)) {
    // The mail server refuses it too (sender-login map); saying so here keeps the draft and names the field.
    problems.add(
      'from',
      'notAllowed',
      `You can send only as ${context.account} or a verified outgoing address`,
      {
        address: context.account,
      },
    );
  }
  if (context.forSend && draft.to.length + draft.cc.length + draft.bcc.length === 0) {
    problems.add('to', 'recipientsRequired', 'Add at least one recipient');
  }
  for (const a of parts.attachments) {
    if (a.content.length > composeLimits.attachmentMaxBytes)
      add('attachments', limitProblems.attachment(a.filename));
    if (!a.inline) continue;
    if (composeLimits.disallowedInlineTypes.includes(a.contentType.toLowerCase())) {
      add('attachments', limitProblems.inlineType(a.filename, a.contentType));
    } else if (a.content.length > composeLimits.inlineImageMaxBytes) {
      add('attachments', limitProblems.inline(a.filename));
    }
  }
  // Images pasted into the HTML as data: URLs become inline parts too: the same type and size limits apply
  // as to an inline upload, or a client that skips the upload would get round them.
  for (const image of parts.dataImages) {
    if (composeLimits.disallowedInlineTypes.includes(image.contentType)) {
      add('html', limitProblems.inlineType(image.filename, image.contentType));
    } else if (image.content.length > composeLimits.inlineImageMaxBytes) {
      add('html', limitProblems.inline(image.filename));
    }
  }
  const total =
    Buffer.byteLength(draft.plainText ? draft.text : (parts.html ?? '')) +
    [...parts.attachments, ...parts.dataImages].reduce((sum, a) => sum + a.content.length, 0);
  if (total > composeLimits.messageMaxBytes) add('attachments', limitProblems.message(total));
  problems.throwIfAny();
}
