import { ReplyMode } from '@webmail/contracts';
import type { ComposerDraft } from './composer-draft';

/** Route Compose `/u/{i}/compose/{draftId?}`, or ComposeTab `/u/{i}/tab/compose/{draftId?}` (spec §2). */
export function composePath(userIndex: number, draftId?: string, tab = false): string {
  return `/u/${userIndex}${tab ? '/tab' : ''}/compose${draftId ? `/${encodeURIComponent(draftId)}` : ''}`;
}

/** History state of a compose page: the content a new draft starts with, and where to go after sending. */
export interface ComposeLocationState {
  initial?: ComposerDraft;
  returnTo?: string;
}

/** State for a link that opens the composer and comes back to `returnTo` (the folder the user was in). */
export function composeLinkState(returnTo: string): { compose: ComposeLocationState } {
  return { compose: { returnTo } };
}

export function composeStateOf(state: unknown): ComposeLocationState {
  const compose = (state as { compose?: unknown } | null)?.compose;
  if (!compose || typeof compose !== 'object') return {};
  const { initial, returnTo } = compose as ComposeLocationState;
  // Only paths inside the app: history state is ours, but never let it send the user elsewhere.
  return {
    initial,
    returnTo: typeof returnTo === 'string' && /^\/u\/\d+(\/|$)/.test(returnTo) ? returnTo : undefined,
  };
}

export interface ReplySource {
  mode: ReplyMode;
  mailboxId: string;
  messageId: number;
}

/** `?mode=reply|replyAll|forward&mailboxId=&messageId=` from the conversation view; null when incomplete. */
export function replySourceOf(params: URLSearchParams): ReplySource | null {
  const mode = ReplyMode.safeParse(params.get('mode'));
  const mailboxId = params.get('mailboxId');
  const messageId = Number(params.get('messageId'));
  if (!mode.success || !mailboxId || !Number.isInteger(messageId) || messageId < 1) return null;
  return { mode: mode.data, mailboxId, messageId };
}
