import { ReplyMode } from '@webmail/contracts';
import { appHref, paramsWithin } from '../../../shared/routing/app-paths';
import type { ComposerDraft } from './composer-draft';

/** Route Compose `/u/{i}/compose/{draftId?}`, or ComposeTab `/u/{i}/tab/compose/{draftId?}`. */
export function composePath(userIndex: number, draftId?: string, tab = false): string {
  return appHref(tab ? 'ComposeTab' : 'Compose', { userIndex, draftId });
}

/**
 * History state of a compose page: the content a new draft starts with, and where to go after sending (links set
 * `returnTo` with `shared/routing/compose-link-state.ts`).
 */
export interface ComposeLocationState {
  initial?: ComposerDraft;
  returnTo?: string;
}

/** A signed-in page of this app (`/u/{number}…`), never an address elsewhere. */
function isAppPage(path: string): boolean {
  return /^\d+$/.test(paramsWithin('BaseLayout', path)?.userIndex ?? '');
}

export function composeStateOf(state: unknown): ComposeLocationState {
  const compose = (state as { compose?: unknown } | null)?.compose;
  if (!compose || typeof compose !== 'object') return {};
  const { initial, returnTo } = compose as ComposeLocationState;
  // Only paths inside the app: history state is ours, but never let it send the user elsewhere.
  return {
    initial,
    returnTo: typeof returnTo === 'string' && isAppPage(returnTo) ? returnTo : undefined,
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
