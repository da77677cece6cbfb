import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { inject } from 'vitest';

/** What an outside mail client signs in with: a password, or an OAuth 2.0 access token. */
export type ClientLogin = { user: string; pass: string } | { user: string; accessToken: string };

/** An outside mail client's IMAP sign-in (the public port unless given); true when it got in. */
export async function imapAccepts(
  login: ClientLogin,
  port = inject('mailstack').ports.imap,
): Promise<boolean> {
  const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: login, logger: false });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.logout();
    return true;
  } catch {
    return false;
  }
}

/**
 * An outside mail client's SMTP AUTH (the public submission port unless given; Postfix asks Dovecot); true when it
 * got in. A token goes as XOAUTH2.
 */
export async function smtpAccepts(
  login: ClientLogin,
  port = inject('mailstack').ports.submission,
): Promise<boolean> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    auth: 'accessToken' in login ? { type: 'OAuth2', ...login } : login,
  });
  try {
    return await transport.verify();
  } catch {
    return false;
  } finally {
    transport.close();
  }
}

/** `smtpAccepts` with an address and password, as most tests have them. */
export const smtpLogin = (email: string, pass: string) => smtpAccepts({ user: email, pass });
