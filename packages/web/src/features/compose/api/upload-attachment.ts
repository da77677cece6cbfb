import { UploadAttachment } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { composePaths } from './compose-paths';

export interface UploadOptions {
  userIndex: number;
  draftId: string;
  file: File;
  /** Fraction of the file sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/u/{i}/compose/attachments (multipart field `file`), through the shared client with upload progress
 * (it uses XMLHttpRequest for that). No timeout: a 20 MB file on a slow line takes minutes, and progress shows it
 * is moving.
 */
export function uploadAttachment({ userIndex, draftId, file, onProgress, signal }: UploadOptions) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest(composePaths.attachments(userIndex), {
    method: 'POST',
    query: { draftId },
    body: form,
    schema: UploadAttachment,
    signal,
    timeoutMs: null,
    onUploadProgress: onProgress ?? (() => {}),
  });
}

/** DELETE /api/u/{i}/compose/attachments/{id}; a missing upload is already gone. */
export async function removeUpload(userIndex: number, id: string): Promise<void> {
  try {
    await apiRequest(composePaths.attachment(userIndex, id), { method: 'DELETE' });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return;
    throw error;
  }
}
