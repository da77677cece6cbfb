import { describe, expect, it } from 'vitest';
import { classifySmtpError } from './smtp-errors.js';

describe('classifySmtpError', () => {
  it('maps an unknown recipient', () => {
    const failure = classifySmtpError({
      code: 'EENVELOPE',
      command: 'RCPT TO',
      responseCode: 550,
      response: '550 5.1.1 <nobody@example.test>: Recipient address rejected: User unknown',
      rejected: ['nobody@example.test'],
    });
    expect(failure).toMatchObject({
      reason: 'recipientRejected',
      recipients: ['nobody@example.test'],
      temporary: false,
    });
    expect(failure.message).toContain('User unknown');
    expect(failure.message).not.toMatch(/^550/);
  });

  it('maps a message over the size limit, a refused sender and a full mailbox', () => {
    expect(
      classifySmtpError({
        command: 'MAIL FROM',
        responseCode: 552,
        response: '552 5.3.4 Message size exceeds fixed limit',
      }).reason,
    ).toBe('messageTooBig');
    expect(
      classifySmtpError({
        command: 'MAIL FROM',
        responseCode: 553,
        response: '553 5.7.1 <x@example.test>: Sender address rejected: not owned by user a@example.test',
      }).reason,
    ).toBe('senderRejected');
    const quota = classifySmtpError({
      command: 'RCPT TO',
      responseCode: 452,
      response: '452 4.2.2 Mailbox full',
      rejected: ['b@example.test'],
    });
    expect(quota).toMatchObject({ reason: 'overQuota', temporary: true });
  });

  it('maps sign-in and connection problems', () => {
    expect(
      classifySmtpError({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, response: '535 5.7.8 no' })
        .reason,
    ).toBe('authFailed');
    expect(classifySmtpError({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' })).toMatchObject({
      reason: 'serverUnavailable',
      temporary: true,
    });
    expect(classifySmtpError({ command: 'DATA', responseCode: 554, response: '554 5.7.1 spam' }).reason).toBe(
      'rejected',
    );
  });
});
