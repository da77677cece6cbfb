import { composeEndpoints, type DraftSaveRequest, type ResumedDraft } from '@webmail/contracts';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { callApi } from '../../../shared/api/call-api';

/** PUT /api/u/{i}/compose/drafts/{draftId}: one copy per draftId; a stale revision answers `skipped`. */
export function saveDraft(userIndex: number, draftId: string, body: DraftSaveRequest) {
  return callApi(composeEndpoints.saveDraft, { params: { userIndex, draftId }, body });
}

/** GET /api/u/{i}/compose/drafts/{draftId}; `null` when Drafts has no such draft (404). */
export async function getDraft(
  userIndex: number,
  draftId: string,
  signal?: AbortSignal,
): Promise<ResumedDraft | null> {
  try {
    return await callApi(composeEndpoints.draft, { params: { userIndex, draftId } }, { signal });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
}

/** DELETE /api/u/{i}/compose/drafts/{draftId}: every copy leaves Drafts (a missing one is already gone). */
export async function discardDraft(userIndex: number, draftId: string): Promise<void> {
  try {
    await callApi(composeEndpoints.discardDraft, { params: { userIndex, draftId } });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return;
    throw error;
  }
}
