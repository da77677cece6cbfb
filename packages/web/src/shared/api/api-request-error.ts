import type { ApiError, ErrorCode, ErrorReason } from '@webmail/contracts';

/**
 * Codes the client adds for failures that never reached (or never came back from) the API. `Offline`: not sent
 * at all, because the app is offline (`shared/network/connectivity.ts`).
 */
export type ClientErrorCode = 'NetworkError' | 'Timeout' | 'InvalidResponse' | 'Offline';

/**
 * Every failed API call rejects with this. `status` is the HTTP status (0 when no response arrived);
 * `body` is the server's `{code, reason?, message, errors?, fieldErrors?}` when it sent one. Code that reacts to errors switches on
 * `code` or `status`, never on the message text.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly body: ApiError | null;

  constructor(
    status: number,
    code: ErrorCode | ClientErrorCode,
    message: string,
    body: ApiError | null = null,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }

  /** The precise cause, where the server names one (`archiveFolderNotSet` …). */
  get reason(): ErrorReason | undefined {
    return this.body?.reason as ErrorReason | undefined;
  }

  /** 422 field errors: field path → the server's English messages (empty when there are none). */
  get fieldErrors(): Record<string, string[]> {
    return this.body?.errors ?? {};
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}
