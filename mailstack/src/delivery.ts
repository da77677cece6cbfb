import {
  createTransport,
  type SendMailOptions,
  type Transporter,
  type SMTPSentMessageInfo,
} from 'nodemailer';
import type { Envelope, Mailstack } from './mailstack.types.js';

/** A ready MIME message (string/Buffer, sent as is) or nodemailer message options. */
export type MessageInput = string | Buffer | SendMailOptions;

export interface SmtpAuth {
  user: string;
  pass: string;
}

export interface DeliveryResult {
  accepted: string[];
  rejected: string[];
  /** Final server reply; for LMTP the reply for the last recipient. */
  response: string;
  messageId: string;
}

// No TLS in the sandbox: ignoreTLS stops nodemailer from trying STARTTLS, and the EHLO name
// is fixed so the Received headers do not leak the build machine's hostname.
const BASE_OPTIONS = { secure: false, ignoreTLS: true, name: 'client.mailstack.test' } as const;

function toMailOptions(message: MessageInput, envelope?: Envelope): SendMailOptions {
  if (typeof message === 'string' || Buffer.isBuffer(message)) {
    if (!envelope) throw new Error('mailstack: a raw message needs an explicit envelope');
    return { raw: message, envelope };
  }
  return envelope ? { ...message, envelope } : message;
}

function toResult(info: SMTPSentMessageInfo): DeliveryResult {
  return {
    accepted: info.accepted.map(String),
    rejected: info.rejected.map(String),
    response: info.response,
    messageId: info.messageId,
  };
}

async function sendOnce(transport: Transporter<SMTPSentMessageInfo>, mail: SendMailOptions) {
  try {
    return toResult(await transport.sendMail(mail));
  } finally {
    transport.close();
  }
}

/**
 * Delivers straight into Dovecot over LMTP (TCP port), bypassing Postfix; Sieve scripts of the
 * recipients run. LMTP answers DATA once per recipient, so a recipient refused at that point
 * (e.g. over quota) appears in `rejected` instead of failing the whole call. nodemailer only
 * rejects when every recipient was refused.
 */
export function deliverViaLmtp(
  stack: Mailstack,
  raw: MessageInput,
  envelope: Envelope,
): Promise<DeliveryResult> {
  const transport = createTransport({
    ...BASE_OPTIONS,
    host: stack.host,
    port: stack.ports.lmtp,
    lmtp: true,
  });
  return sendOnce(transport, toMailOptions(raw, envelope));
}

/**
 * Submits through Postfix's submission port with SMTP AUTH (as a mail client does). Postfix
 * requires the envelope sender to equal the login (reject_sender_login_mismatch). Delivery
 * to the mailbox happens asynchronously afterwards (typically 40-110 ms): poll, don't sleep.
 */
export function submitViaSmtp(
  stack: Mailstack,
  auth: SmtpAuth,
  message: MessageInput,
  envelope?: Envelope,
): Promise<DeliveryResult> {
  return sendOnce(createSubmissionTransport(stack, auth), toMailOptions(message, envelope));
}

/** Sends through the MTA port without auth, as another mail server on the internet would. */
export function sendViaMta(
  stack: Mailstack,
  message: MessageInput,
  envelope?: Envelope,
): Promise<DeliveryResult> {
  const transport = createTransport({ ...BASE_OPTIONS, host: stack.host, port: stack.ports.smtp });
  return sendOnce(transport, toMailOptions(message, envelope));
}

/** A reusable (pooled, one connection) submission transport; the caller must close() it. */
export function createSubmissionTransport(
  stack: Mailstack,
  auth: SmtpAuth,
): Transporter<SMTPSentMessageInfo> {
  return createTransport({ ...BASE_OPTIONS, host: stack.host, port: stack.ports.submission, auth });
}

/** A reusable MTA-port transport (no auth); the caller must close() it. */
export function createMtaTransport(stack: Mailstack): Transporter<SMTPSentMessageInfo> {
  return createTransport({ ...BASE_OPTIONS, host: stack.host, port: stack.ports.smtp });
}
