import type { SendFailureReason } from '@webmail/contracts';

export interface SmtpFailure {
  reason: SendFailureReason;
  message: string;
  recipients: string[];
  /** A 4xx reply or a connection problem: worth trying again later. */
  temporary: boolean;
}

interface NodemailerError {
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  rejected?: unknown[];
  message?: string;
}

const connectionCodes = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED']);

/**
 * Maps an SMTP refusal (nodemailer error: reply code, enhanced status code RFC 3463, failing command) to a
 * reason the client shows in words. The enhanced code decides where present — servers word their
 * replies freely, but X.1.1 is always a bad mailbox, X.2.2 a full one, X.3.4 a message over the limit.
 */
export function classifySmtpError(error: unknown): SmtpFailure {
  const e = (error ?? {}) as NodemailerError;
  const response = e.response ?? e.message ?? 'unknown error';
  const text = serverWords(response);
  const code = e.responseCode ?? 0;
  const temporary = (code >= 400 && code < 500) || connectionCodes.has(e.code ?? '');
  const enhanced = /\b[245]\.(\d{1,3})\.(\d{1,3})\b/.exec(response);
  const detail = enhanced ? `${enhanced[1]}.${enhanced[2]}` : '';
  const command = (e.command ?? '').toUpperCase();
  const recipients = (e.rejected ?? []).map(String);
  const fail = (reason: SendFailureReason, message: string, recipientsOf: string[] = []) => ({
    reason,
    message,
    recipients: recipientsOf,
    temporary,
  });

  if (connectionCodes.has(e.code ?? '') || (!code && command === 'CONN')) {
    return fail('serverUnavailable', `The mail server could not be reached: ${text}`);
  }
  if (e.code === 'EAUTH' || command.startsWith('AUTH') || code === 535) {
    return fail('authFailed', `The mail server did not accept your sign-in for sending: ${text}`);
  }
  if (detail === '2.2' || /quota|mailbox (is )?full/i.test(response)) {
    return fail('overQuota', `A mailbox is full: ${text}`, recipients);
  }
  if (detail === '3.4' || (code === 552 && /size|too (big|large)/i.test(response))) {
    return fail('messageTooBig', `The message is larger than the mail server accepts: ${text}`);
  }
  if (command === 'MAIL FROM') {
    return fail('senderRejected', `The mail server does not let you send from this address: ${text}`);
  }
  if (command === 'RCPT TO' || recipients.length > 0) {
    const who = recipients.length ? `${recipients.join(', ')}: ` : '';
    return fail('recipientRejected', `The mail server refused ${who}${text}`, recipients);
  }
  if (temporary) return fail('serverUnavailable', `The mail server is busy, try again later: ${text}`);
  return fail('rejected', `The mail server refused the message: ${text}`);
}

/** "550 5.1.1 <x@y>: Recipient address rejected" → "<x@y>: Recipient address rejected". */
function serverWords(response: string): string {
  return response
    .replace(/^\s*\d{3}[ -]/, '')
    .replace(/^\s*[245]\.\d{1,3}\.\d{1,3}\s+/, '')
    .trim();
}
