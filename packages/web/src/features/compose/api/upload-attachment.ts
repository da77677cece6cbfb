import { ApiError, cookieNames, UploadAttachment, xsrfHeader, type ErrorCode } from '@webmail/contracts';
import { apiRequest, apiUrl } from '../../../shared/api/api-client';
import { ApiRequestError, isApiRequestError } from '../../../shared/api/api-request-error';
import { readCookie } from '../../../shared/session/cookies';
import { composePaths } from './compose-paths';

export interface UploadOptions {
  userIndex: number;
  draftId: string;
  file: File;
  /** Sent as Accept-Language, like every API call (spec §7). */
  language: string;
  /** Fraction of the file sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface RawResponse {
  status: number;
  body: unknown;
}

/**
 * POST /api/u/{i}/compose/attachments (multipart field `file`). The shared client uses `fetch`, which reports no
 * upload progress, so this one call uses XMLHttpRequest; it keeps the client's rules: same-origin cookies, the
 * XSRF header from its cookie, Accept-Language, one `GET /` and a retry on 419, and on 401 a session refresh
 * through the shared client (a cheap `GET /auth/me`) and one retry. No timeout: a 20 MB file on a slow line
 * takes minutes, and progress shows it is moving.
 */
export async function uploadAttachment(options: UploadOptions): Promise<UploadAttachment> {
  let response = await send(options);
  if (response.status === 419) {
    await apiRequest('/').catch(() => undefined);
    response = await send(options);
  } else if (response.status === 401) {
    // The shared client renews the session (or runs the sign-out flow when it cannot).
    await apiRequest('/auth/me', { query: { userIndex: options.userIndex } });
    response = await send(options);
  }
  if (response.status < 200 || response.status >= 300) throw toError(response);
  const parsed = UploadAttachment.safeParse(response.body);
  if (!parsed.success) {
    throw new ApiRequestError(
      response.status,
      'InvalidResponse',
      `Unexpected response: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

function send({
  userIndex,
  draftId,
  file,
  language,
  onProgress,
  signal,
}: UploadOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Upload aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(composePaths.attachments(userIndex), { draftId }));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', language);
    const xsrf = readCookie(cookieNames.xsrf);
    if (xsrf) xhr.setRequestHeader(xsrfHeader, xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    xhr.onerror = () =>
      reject(new ApiRequestError(0, 'NetworkError', 'The upload could not reach the server'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function toError(response: RawResponse): ApiRequestError {
  const parsed = ApiError.safeParse(response.body);
  if (parsed.success) {
    return new ApiRequestError(response.status, parsed.data.code, parsed.data.message, parsed.data);
  }
  return new ApiRequestError(
    response.status,
    fallbackCodes[response.status] ?? 'Internal',
    `HTTP ${response.status}`,
  );
}

const fallbackCodes: Record<number, ErrorCode> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  413: 'ValidationError',
  419: 'XsrfMismatch',
  422: 'ValidationError',
  429: 'RateLimited',
};

/** DELETE /api/u/{i}/compose/attachments/{id}; a missing upload is already gone. */
export async function removeUpload(userIndex: number, id: string): Promise<void> {
  try {
    await apiRequest(composePaths.attachment(userIndex, id), { method: 'DELETE' });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return;
    throw error;
  }
}
