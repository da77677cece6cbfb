import type { ResumedDraft } from '@webmail/contracts';
import { composerDraftOf, emptyDraft, isBlankDraft, type ComposerDraft } from './composer-draft';
import type { LocalDraft } from './local-draft-store';

/** What the composer opens with, and how it stands against the server copy. */
export interface StartingDraft {
  draft: ComposerDraft;
  /** The revision of this content: the local edit time, or the server copy's revision. */
  editedAt: number;
  /** The revision the server holds; the draft is unsaved while `editedAt` is greater. */
  savedRevision: number;
  /** The Drafts folder holds a copy. */
  onServer: boolean;
}

/**
 * The newer of the local copy and the server copy wins (revisions are edit times in ms, sent with every save).
 * On a tie the local copy is taken: it is the same content plus what the server cannot store (invalid chips,
 * an over-long subject). `server` is `undefined` when the server could not be asked (offline): the local copy
 * is then trusted as it is.
 */
export function pickStartingDraft(
  local: LocalDraft | null,
  server: ResumedDraft | null | undefined,
  fallback: ComposerDraft = emptyDraft,
): StartingDraft {
  const serverRevision = server ? (server.revision ?? 0) : 0;
  if (local && (!server || local.updatedAt >= serverRevision)) {
    let savedRevision: number;
    if (server) savedRevision = serverRevision;
    else if (server === undefined) savedRevision = local.savedRevision ?? 0;
    // Not in Drafts: unless it is blank, it has to be saved again.
    else savedRevision = isBlankDraft(local.draft) ? local.updatedAt : 0;
    return {
      draft: local.draft,
      editedAt: local.updatedAt,
      savedRevision,
      onServer: server ? true : server === undefined && local.savedRevision !== null,
    };
  }
  if (server) {
    return {
      draft: composerDraftOf(server.draft),
      editedAt: serverRevision,
      savedRevision: serverRevision,
      onServer: true,
    };
  }
  return { draft: fallback, editedAt: 0, savedRevision: 0, onServer: false };
}
