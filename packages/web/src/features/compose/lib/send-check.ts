import { composeLimits } from '@webmail/contracts';
import { recipientCount, type ComposerDraft } from './composer-draft';

/** Why a draft cannot be sent yet; the composer shows each in words and does not call the server. */
export type SendProblem =
  | { kind: 'noRecipients' }
  | { kind: 'invalidRecipients'; addresses: string[] }
  | { kind: 'tooManyRecipients'; count: number; limit: number }
  | { kind: 'subjectTooLong'; length: number; limit: number }
  | { kind: 'uploadsPending' }
  | { kind: 'uploadsFailed' };

/** The checks before sending: invalid chips, at most 400 recipients, a subject of at most 900. */
export function sendProblems(
  draft: ComposerDraft,
  uploads: { pending: number; failed: number },
): SendProblem[] {
  const problems: SendProblem[] = [];
  const chips = [...draft.to, ...draft.cc, ...draft.bcc];
  const invalid = chips.filter((c) => !c.valid).map((c) => c.address);
  if (chips.length === 0) problems.push({ kind: 'noRecipients' });
  if (invalid.length > 0) problems.push({ kind: 'invalidRecipients', addresses: invalid });
  const count = recipientCount(draft);
  if (count > composeLimits.recipientsMax) {
    problems.push({ kind: 'tooManyRecipients', count, limit: composeLimits.recipientsMax });
  }
  if (draft.subject.length > composeLimits.subjectMaxLength) {
    problems.push({
      kind: 'subjectTooLong',
      length: draft.subject.length,
      limit: composeLimits.subjectMaxLength,
    });
  }
  if (uploads.pending > 0) problems.push({ kind: 'uploadsPending' });
  if (uploads.failed > 0) problems.push({ kind: 'uploadsFailed' });
  return problems;
}
