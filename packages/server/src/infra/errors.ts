import type { ErrorCode, ErrorReason, FieldError, FieldErrorCode, TextParams } from '@webmail/contracts';

/** What a 422 says about one field: its code and parameters for the web, its English text for everyone else. */
export interface FieldProblem {
  code: FieldErrorCode;
  params?: TextParams;
  message: string;
}

export interface AppErrorDetails {
  /** The precise cause, from the feature's reasons in contracts (`errorReasons`). */
  reason?: ErrorReason;
  /** 422: the same fields as `errors`, as codes with parameters. */
  fieldErrors?: Record<string, FieldError[]>;
}

/**
 * The one error type services throw. The error handler turns it into `{code, reason?, message, errors?,
 * fieldErrors?}`. `message` is English and human; a client acts on `code` and `reason`, never on the text.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get reason(): ErrorReason | undefined {
    return this.details.reason;
  }
}

/** Seconds a client should wait before trying a mail server that could not be reached (503). */
export const mailServerRetryAfterSeconds = 10;

export const notFound = (what: string, reason?: ErrorReason) =>
  new AppError('NotFound', 404, `${what} not found`, undefined, undefined, { reason });

export const unauthorized = (message = 'Not signed in') => new AppError('Unauthorized', 401, message);

/** An error whose client-visible cause is `reason` (a 403 `archiveFolderNotSet`, a 422 `noMessagesSelected`…). */
export function refusal(code: ErrorCode, status: number, reason: ErrorReason, message: string): AppError {
  return new AppError(code, status, message, undefined, undefined, { reason });
}

/** A 422 with one or more problems per field; `message` is every text joined with commas. */
export function validationError(problems: Record<string, FieldProblem[]>, reason?: ErrorReason): AppError {
  const errors: Record<string, string[]> = {};
  const fieldErrors: Record<string, FieldError[]> = {};
  for (const [field, list] of Object.entries(problems)) {
    if (list.length === 0) continue;
    errors[field] = list.map((p) => p.message);
    fieldErrors[field] = list.map((p) => (p.params ? { code: p.code, params: p.params } : { code: p.code }));
  }
  const message = Object.values(errors).flat().join(', ') || 'Some fields are invalid';
  return new AppError('ValidationError', 422, message, errors, undefined, { reason, fieldErrors });
}

/** Collects field problems, then throws them together (or does nothing when there are none). */
export class FieldProblems {
  private readonly problems: Record<string, FieldProblem[]> = {};

  add(field: string, code: FieldErrorCode, message: string, params?: TextParams): void {
    (this.problems[field] ??= []).push({ code, message, ...(params ? { params } : {}) });
  }

  get empty(): boolean {
    return Object.keys(this.problems).length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) throw validationError(this.problems);
  }
}
