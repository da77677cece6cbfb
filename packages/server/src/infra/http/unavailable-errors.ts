import { AppError, mailServerRetryAfterSeconds } from '../errors.js';

/** Seconds a client should wait before retrying after a storage fault (busy, read-only, connection lost). */
export const storageRetryAfterSeconds = 5;

/**
 * Faults that pass if the client tries again later, recognised by the codes the drivers put on their errors (this
 * layer imports none of them): answered 503 with `Retry-After`, not 500, so clients retry instead of giving up.
 * Constraint violations, SQL errors and the like stay 500: they are bugs, and retrying does not help.
 */
const sqliteTransient = /^SQLITE_(BUSY|LOCKED|READONLY|IOERR|FULL|CANTOPEN|PROTOCOL|NOMEM|NOLFS)/;
/** PostgreSQL SQLSTATEs: connection exception (08), insufficient resources (53), operator intervention (57P),
 *  read-only transaction, serialization failure and deadlock (the transaction may succeed when run again). */
const pgTransient = /^(08...|53...|57P0[1-5]|25006|40001|40P01)$/;
/** What node-postgres and better-sqlite3 throw without a code when their connection is gone. */
const storageMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|The database connection is not open)|is not currently accepting connections/;
/** imapflow's codes for a connection that is gone or timed out (the command was not completed). */
const imapConnection = new Set([
  'NoConnection',
  'EConnectionClosed',
  'StateLogout',
  'ClosedAfterConnectText',
  'ClosedAfterConnectTLS',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
  'ETIMEOUT',
  'LockTimeout',
  'ETHROTTLE',
]);
/** Node's socket codes: a peer (the database, or a mail server behind it) went away or cannot be reached. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

type Kind = 'storage' | 'mail';

function kindOf(error: unknown): Kind | null {
  if (!error || typeof error !== 'object') return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (sqliteTransient.test(code) || pgTransient.test(code) || socketCodes.has(code)) return 'storage';
    if (imapConnection.has(code)) return 'mail';
  }
  if (typeof message === 'string' && storageMessages.test(message)) return 'storage';
  return null;
}

/**
 * The 503 for `error` when it (or what it wraps: a 502 that reports a dropped connection as "the mail server
 * refused", a driver error inside another) is a transient fault; otherwise null.
 */
export function unavailableErrorOf(error: unknown): AppError | null {
  if (error instanceof AppError && error.status !== 502 && error.status !== 500) return null;
  // Fastify's own client errors carry their 4xx: a request body the client stopped sending is `aborted` with the
  // socket's ECONNRESET, but the peer that went away is the client, not a database or the mail server.
  if (isClientError(error)) return null;
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const kind = kindOf(current);
    if (kind === 'storage')
      return new AppError('ServiceUnavailable', 503, 'The service is unavailable for a moment', undefined, {
        'Retry-After': String(storageRetryAfterSeconds),
      });
    if (kind === 'mail')
      return new AppError(
        'MailServerUnavailable',
        503,
        'The connection to the mail server was lost',
        undefined,
        {
          'Retry-After': String(mailServerRetryAfterSeconds),
        },
      );
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A framework error with its own 4xx (`statusCode`; an AppError has `status`, handled above). */
function isClientError(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Whether `error` is (or wraps) the connection to the mail server lost during a command: the server may have done
 * the command without the webmail hearing so.
 */
export function isMailConnectionLost(error: unknown): boolean {
  return unavailableErrorOf(error)?.code === 'MailServerUnavailable';
}

/**
 * For calls a client must be able to repeat safely (the session refresh): any fault of the server, not only the
 * recognised transient ones, becomes a 503 with `Retry-After`; the original stays on `cause` for the log.
 * The client's own errors (4xx) pass unchanged.
 */
export function asRetryableFault(error: unknown): unknown {
  if (error instanceof AppError && error.status < 500) return error;
  const known = unavailableErrorOf(error);
  if (known) return known;
  const fault = new AppError(
    'ServiceUnavailable',
    503,
    'The service is unavailable for a moment',
    undefined,
    {
      'Retry-After': String(storageRetryAfterSeconds),
    },
  );
  fault.cause = error;
  return fault;
}
