import nodemailer from 'nodemailer';
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
 * One SMTP submission as the user (AUTH with their own credentials or the webmail's delegated login for them;
 * the mail server checks the envelope sender against the account either way),
 * on a fresh connection: sends are rare and a pooled connection would hold a password in memory.
 * The raw message goes out byte for byte. Errors are nodemailer's; classifySmtpError maps them.
 */
export async function submitMessage(
  server: SmtpServer,
  auth: MailLogin,
  envelope: { from: string; to: string[] },
  raw: Buffer,
): Promise<SubmitResult> {
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: auth.authzid
      ? {
          type: 'custom',
          method: 'PLAIN',
          user: auth.user,
          pass: auth.pass,
          options: { authzid: auth.authzid },
        }
      : { user: auth.user, pass: auth.pass },
    customAuth: auth.authzid ? { PLAIN: plainWithAuthzid } : undefined,
    tls: { rejectUnauthorized: server.tlsRejectUnauthorized },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 120_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  try {
    const info = await transport.sendMail({ envelope, raw });
    return { accepted: info.accepted.map(String), rejected: info.rejected.map(String) };
  } finally {
    transport.close();
  }
}
