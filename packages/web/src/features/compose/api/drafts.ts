import { DraftSaveResponse, ResumedDraft, type DraftSaveRequest } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { composePaths } from './compose-paths';

/**
 * Saving appends to the IMAP Drafts folder and may carry pasted images: it can take longer than the default
 * 5 s request timeout, and a save cut off by the timeout would only be repeated.
 */
export const draftRequestTimeoutMs = 30_000;

/** PUT /api/u/{i}/compose/drafts/{draftId}: one copy per draftId; a stale revision answers `skipped`. */
export function saveDraft(userIndex: number, draftId: string, body: DraftSaveRequest) {
  return apiRequest(composePaths.draft(userIndex, draftId), {
    method: 'PUT',
    body,
    schema: DraftSaveResponse,
    timeoutMs: draftRequestTimeoutMs,
  });
}

/** GET /api/u/{i}/compose/drafts/{draftId}; `null` when Drafts has no such draft (404). */
export async function getDraft(
  userIndex: number,
  draftId: string,
  signal?: AbortSignal,
): Promise<ResumedDraft | null> {
  try {
    return await apiRequest(composePaths.draft(userIndex, draftId), {
      schema: ResumedDraft,
      signal,
      timeoutMs: draftRequestTimeoutMs,
    });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
}

/** DELETE /api/u/{i}/compose/drafts/{draftId}: every copy leaves Drafts (a missing one is already gone). */
export async function discardDraft(userIndex: number, draftId: string): Promise<void> {
  try {
    await apiRequest(composePaths.draft(userIndex, draftId), { method: 'DELETE' });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return;
    throw error;
  }
}
