import { composeEndpoints } from '@webmail/contracts';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { callApi } from '../../../shared/api/call-api';

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
  return callApi(
    composeEndpoints.upload,
    { params: { userIndex }, query: { draftId }, body: form },
    { signal, onUploadProgress: onProgress ?? (() => {}) },
  );
}

/** DELETE /api/u/{i}/compose/attachments/{id}; a missing upload is already gone. */
export async function removeUpload(userIndex: number, attachmentId: string): Promise<void> {
  try {
    await callApi(composeEndpoints.removeUpload, { params: { userIndex, attachmentId } });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return;
    throw error;
  }
}
