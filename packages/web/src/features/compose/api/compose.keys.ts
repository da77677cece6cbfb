import type { ReplyMode } from '@webmail/contracts';

/** Query keys of the compose feature; the user index is the second element. */
export const composeKeys = {
  all: (userIndex: number) => ['compose', userIndex] as const,
  recentParties: (userIndex: number, query: string) =>
    [...composeKeys.all(userIndex), 'recentParties', query] as const,
  draft: (userIndex: number, draftId: string) => [...composeKeys.all(userIndex), 'draft', draftId] as const,
  replyPrefill: (userIndex: number, mailboxId: string, messageId: number, mode: ReplyMode) =>
    [...composeKeys.all(userIndex), 'replyTo', mailboxId, messageId, mode] as const,
  /** Send later: the Scheduled view and the sidebar's count. */
  scheduled: (userIndex: number) => [...composeKeys.all(userIndex), 'scheduled'] as const,
};
