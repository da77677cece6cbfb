import { ImapFlow } from 'imapflow';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, mailServerRetryAfterSeconds } from '../../infra/errors.js';
import type { MailLogin } from '../mail-access.js';

export interface ImapServer {
  host: string;
  port: number;
  secure: boolean;
  tlsRejectUnauthorized: boolean;
}

/**
 * Opens and authenticates one IMAP connection. A wrong password becomes `AuthFailed` (401); a server that
 * cannot be reached becomes `MailServerUnavailable` (503), so callers never see imapflow's raw errors.
 */
export async function connectImap(
  server: ImapServer,
  auth: MailLogin,
  log: FastifyBaseLogger,
  options: { qresync?: boolean } = {},
): Promise<ImapFlow> {
  const client = new ImapFlow({
    // QRESYNC (RFC 7162): a folder opened with the modseq last seen reports what vanished and what changed.
    qresync: options.qresync ?? false,
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: loginOptions(auth),
    tls: { rejectUnauthorized: server.tlsRejectUnauthorized },
    logger: imapLogger(log),
    // Without this imapflow issues an extra ID command; the server learns nothing useful from it.
    clientInfo: { name: 'Webmail' },
    // COMPRESS=DEFLATE pays off over slow links only. Next to the mail server it costs both sides CPU
    // for nothing: measured +1–2.5 ms on a 50-row page (of ~4), more on a 100,000-UID list.
    disableCompression: isLocalNetwork(server.host),
    disableAutoIdle: false,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 5 * 60_000,
  });
  // An 'error' event without a listener would crash the process; the pool watches 'close' instead.
  client.on('error', (err: Error) => log.warn({ err: { message: err.message } }, 'imap connection error'));
  try {
    await client.connect();
  } catch (err) {
    const e = err as { authenticationFailed?: boolean; responseText?: string; code?: string };
    if (e.authenticationFailed) {
      // The master credential refused is the operator's problem (a wrong secret, a host outside allow_nets) or an
      // account that no longer exists: worth an error line, without the credential.
      if (auth.authzid) log.error({ account: auth.authzid }, 'imap: the delegated login was refused');
      throw new AppError('AuthFailed', 401, 'Wrong e-mail address or password');
    }
    log.error({ err: { message: (err as Error).message, code: e.code } }, 'imap connect failed');
    throw new AppError(
      'MailServerUnavailable',
      503,
      'The mail server cannot be reached right now',
      undefined,
      {
        'Retry-After': String(mailServerRetryAfterSeconds),
      },
    );
  }
  return client;
}

/**
 * How imapflow authenticates. A delegated login (authzid) must go as SASL PLAIN: LOGIN has no authorization
 * identity. A token goes as OAUTHBEARER (or XOAUTH2), whichever the server offers. A password goes as the LOGIN
 * command: imapflow sends AUTHENTICATE PLAIN without an initial response (no SASL-IR) and waits for the server's
 * empty challenge, one round trip more on every sign-in and every login of a session.
 */
export function loginOptions(auth: MailLogin) {
  if (auth.accessToken) return { user: auth.user, accessToken: auth.accessToken };
  if (auth.authzid) {
    return { user: auth.user, pass: auth.pass, authzid: auth.authzid, loginMethod: 'AUTH=PLAIN' };
  }
  return { user: auth.user, pass: auth.pass, loginMethod: 'LOGIN' };
}

type LogFn = (entry: unknown) => void;

/**
 * imapflow logs every command at debug/info; only warnings and errors are worth keeping, at the server's
 * own level. A refused password is the user's mistake, not a server error: it is logged at debug.
 */
function imapLogger(log: FastifyBaseLogger): Record<'debug' | 'info' | 'warn' | 'error', LogFn> {
  const child = log.child({ component: 'imap' });
  const isAuthFailure = (entry: unknown) =>
    (entry as { err?: { authenticationFailed?: boolean } } | undefined)?.err?.authenticationFailed === true;
  return {
    debug: () => {},
    info: () => {},
    warn: (entry) => child.warn(entry),
    error: (entry) => (isAuthFailure(entry) ? child.debug(entry) : child.error(entry)),
  };
}

/** Loopback or a private (RFC 1918 / unique-local) address, written as an IP or `localhost`. */
export function isLocalNetwork(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || /^(fc|fd)[0-9a-f]{2}:/.test(h)) return true;
  const m = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(h);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}
