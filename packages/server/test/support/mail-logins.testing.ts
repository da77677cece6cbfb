import nodemailer from 'nodemailer';
import { inject } from 'vitest';

/** An outside mail client's SMTP AUTH on the public submission port (Postfix asks Dovecot); true when it got in. */
export async function smtpLogin(email: string, pass: string): Promise<boolean> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inject('mailstack').ports.submission,
    secure: false,
    ignoreTLS: true,
    auth: { user: email, pass },
  });
  try {
    return await transport.verify();
  } catch {
    return false;
  } finally {
    transport.close();
  }
}
