import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import type { MailLogin } from '../mail-access.js';

export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  tlsRejectUnauthorized: boolean;
}

export interface SubmitResult {
  accepted: string[];
  /** Recipients the server refused while accepting the others (the message went to the others). */
  rejected: string[];
}

/**
 * SASL PLAIN with an authorization identity (a master user's delegated login). nodemailer's own PLAIN leaves the
 * authzid empty on purpose, so this is its `customAuth` hook: one `AUTH PLAIN <initial response>`, 235 = in.
 */
const plainWithAuthzid = async (ctx: {
  auth: { credentials: { user: string; pass: string; options?: { authzid?: string } } };
  sendCommand: (command: string) => Promise<{ status: number; text: string; response: string }>;
}) => {
  const { user, pass, options } = ctx.auth.credentials;
  const token = Buffer.from(`${options?.authzid ?? ''}\0${user}\0${pass}`, 'utf8').toString('base64');
  const answer = await ctx.sendCommand(`AUTH PLAIN ${token}`);
  if (answer.status !== 235) throw new Error(answer.response);
};

/**
 * SASL OAUTHBEARER (RFC 7628) with the user's access token (token pass-through). nodemailer's own XOAUTH2 wants
 * its token generator; this is the plain exchange: a refused token gets a 334 error challenge, answered with the
 * dummy response, then 535.
 */
const oauthBearer = async (ctx: {
  auth: { credentials: { user: string; pass: string } };
  sendCommand: (command: string) => Promise<{ status: number; text: string; response: string }>;
}) => {
  const { user, pass } = ctx.auth.credentials;
  const token = Buffer.from(`n,a=${user},\x01auth=Bearer ${pass}\x01\x01`, 'utf8').toString('base64');
  let answer = await ctx.sendCommand(`AUTH OAUTHBEARER ${token}`);
  if (answer.status === 334) answer = await ctx.sendCommand('AQ==');
  if (answer.status !== 235) throw new Error(answer.response);
};

/** Called once the session is authenticated, before MAIL FROM: until then nothing can have been taken. */
export type BeforeTransaction = () => Promise<void>;

/**
 * One SMTP submission as the user (AUTH with their own credentials or the webmail's delegated login for them;
 * the mail server checks the envelope sender against the account either way),
 * on a fresh connection: sends are rare and a pooled connection would hold a password in memory.
 * The raw message goes out byte for byte. Errors are nodemailer's; classifySmtpError maps them.
 * nodemailer's connection is driven step by step (not its transport) so `beforeTransaction` runs between AUTH
 * and MAIL FROM: the outbox marks there the point after which a crash leaves an unknown outcome.
 */
export async function submitMessage(
  server: SmtpServer,
  auth: MailLogin,
  envelope: { from: string; to: string[] },
  raw: Buffer,
  beforeTransaction: BeforeTransaction = async () => {},
): Promise<SubmitResult> {
  const connection = new SMTPConnection({
    host: server.host,
    port: server.port,
    secure: server.secure,
    customAuth: auth.accessToken
      ? { OAUTHBEARER: oauthBearer }
      : auth.authzid
        ? { PLAIN: plainWithAuthzid }
        : undefined,
    tls: { rejectUnauthorized: server.tlsRejectUnauthorized },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 120_000,
  });
  // The connection reports a broken socket by an event, not through the pending step's callback.
  const broken = new Promise<never>((_, reject) => {
    connection.on('error', reject);
    connection.once('end', () =>
      reject(Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION' })),
    );
  });
  broken.catch(() => {});
  const step = <T>(run: (done: (err: Error | null | undefined, value?: T) => void) => void) =>
    Promise.race([
      broken,
      new Promise<T>((resolve, reject) => run((err, value) => (err ? reject(err) : resolve(value as T)))),
    ]);
  try {
    await step<void>((done) => connection.connect((err) => done(err)));
    const credentials = auth.accessToken
      ? { type: 'custom', method: 'OAUTHBEARER', user: auth.user, pass: auth.accessToken }
      : auth.authzid
        ? {
            type: 'custom',
            method: 'PLAIN',
            user: auth.user,
            pass: auth.pass,
            options: { authzid: auth.authzid },
          }
        : { user: auth.user, pass: auth.pass };
    await step<void>((done) =>
      connection.login(credentials as SMTPConnection.Credentials, (err) => done(err)),
    );
    await beforeTransaction();
    const info = await step<SMTPConnection.SentMessageInfo>((done) =>
      connection.send(envelope, raw, (err, sent) => done(err, sent)),
    );
    connection.quit();
    return { accepted: info.accepted.map(String), rejected: info.rejected.map(String) };
  } finally {
    connection.close();
  }
}
