import nodemailer from 'nodemailer';

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
 * One SMTP submission as the user (AUTH with their own credentials, envelope sender = their login),
 * on a fresh connection: sends are rare and a pooled connection would hold a password in memory.
 * The raw message goes out byte for byte. Errors are nodemailer's; classifySmtpError maps them.
 */
export async function submitMessage(
  server: SmtpServer,
  auth: { user: string; pass: string },
  envelope: { from: string; to: string[] },
  raw: Buffer,
): Promise<SubmitResult> {
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth,
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
