import { AppError } from '../../infra/errors.js';
import { isMailConnectionLost } from '../../infra/http/unavailable-errors.js';

/** What imapflow puts on the error of a command the server answered NO or BAD. */
interface ImapCommandFailure {
  responseStatus?: string;
  responseText?: string;
  serverResponseCode?: string;
}

/**
 * The mail server refused a command (a NO or BAD, or imapflow's `false` for one): a 502 `MailServerError`; an
 * over-quota refusal (`[OVERQUOTA]`, RFC 9208) is `mailboxFull`. The server's own words stay on `cause`, which
 * the error handler logs and never sends.
 */
export class MailServerRefusal extends AppError {
  constructor(
    readonly command: string,
    cause?: unknown,
  ) {
    const overQuota = isOverQuota(cause);
    super(
      'MailServerError',
      502,
      overQuota ? 'The mailbox is full' : `The mail server refused ${command}`,
      undefined,
      undefined,
      { reason: overQuota ? 'mailboxFull' : 'mailServerError' },
    );
    this.name = 'MailServerRefusal';
    if (cause !== undefined) this.cause = cause;
  }
}

function isOverQuota(cause: unknown): boolean {
  const e = (cause ?? {}) as ImapCommandFailure;
  return e.serverResponseCode === 'OVERQUOTA' || /quota/i.test(e.responseText ?? '');
}

/**
 * imapflow answers some refusals with `false` instead of throwing: never let one pass as success. It answers a
 * connection lost during the command (Dovecot gone, a network cut) the same way: when `client` (the connection the
 * command ran on; required, so no caller leaves it out) is no longer usable, the refusal carries a lost connection
 * as its cause, which the error handler answers 503 with Retry-After (the command may have been done: the client
 * asks again, it is not told the server said no).
 */
export function refusedUnless<T>(
  result: T | false | null | undefined,
  command: string,
  client: { usable?: boolean },
): T {
  if (result !== false && result !== null && result !== undefined) return result;
  if (client.usable === false) throw new MailServerRefusal(command, connectionLost(command));
  throw new MailServerRefusal(command);
}

/** An error with imapflow's own code for a connection that is gone. */
function connectionLost(command: string): Error {
  return Object.assign(new Error(`The connection to the mail server was lost during ${command}`), {
    code: 'NoConnection',
  });
}

/** Runs an imapflow call; a NO/BAD it throws becomes a `MailServerRefusal` (other errors pass unchanged). */
export async function refusing<T>(command: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as ImapCommandFailure).responseStatus;
    if (status === 'NO' || status === 'BAD') throw new MailServerRefusal(command, err);
    throw err;
  }
}

/**
 * Runs a read (LIST, STATUS: nothing changes on the server); when the connection was lost during it (the user's
 * IMAP process died, a cut), runs it once more, `read` taking the session's connection anew.
 */
export async function readAgainIfLost<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (!isMailConnectionLost(err)) throw err;
    return read();
  }
}
