import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client.testing.js';
import { startServer } from '../support/harness.testing.js';
import { signedInWithOneMessage } from '../support/reading.testing.js';

type ErrorBody = { code: string; message: string; errors?: Record<string, string[]> };

/**
 * Security 3: a UID above 2³²−1 (4294967296) reached the mail server: 500 on message, flags,
 * source, zip, replyTo and draft attachments, 502 carrying Dovecot's own error text on thread and mass
 * action. IMAP numbers are 1..4294967295 (RFC 9051 nz-number); anything else is the client's mistake.
 */
describe('Security 3: IMAP numbers are bounded before they reach the mail server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let inbox: string;
  const tooBig = 4294967296;

  beforeAll(async () => {
    server = await startServer('sqlite');
    ({ client, inbox } = await signedInWithOneMessage(server, 'uids'));
  });
  afterAll(() => server.close());

  const draft = (attachment: Record<string, unknown>) => ({
    draft: {
      subject: 'uids',
      attachments: [{ filename: 'a.txt', contentType: 'text/plain', size: 1, ...attachment }],
    },
  });
  const probes = (uid: number): Array<[string, string, unknown?]> => [
    ['GET', `/api/u/0/mailbox/${inbox}/messages/${uid}`],
    ['PATCH', `/api/u/0/mailbox/${inbox}/messages/${uid}`, { seen: true }],
    ['GET', `/api/u/0/mailbox/${inbox}/messages/${uid}/source`],
    ['GET', `/api/u/0/mailbox/${inbox}/messages/${uid}/attachments.zip`],
    ['GET', `/api/u/0/mailbox/${inbox}/messages/${uid}/attachments/1`],
    ['GET', `/api/u/0/compose/replyTo/${inbox}/${uid}?mode=reply`],
    ['GET', `/api/u/0/mailbox/${inbox}/threads/t1?messageId=${uid}`],
    [
      'PUT',
      `/api/u/0/compose/drafts/${randomUUID()}`,
      draft({ type: 'messagePart', mailboxId: inbox, messageId: uid, part: '1' }),
    ],
    [
      'PUT',
      `/api/u/0/compose/drafts/${randomUUID()}`,
      draft({ type: 'message', mailboxId: inbox, messageId: uid }),
    ],
    [
      'POST',
      '/api/u/0/mailbox/massAction',
      { context: 'mailbox', action: 'seen', messages: [{ mailboxId: inbox, messageId: uid }] },
    ],
  ];

  it('answers 422 ValidationError to UID 4294967296 on every route that takes one', async () => {
    const answers: string[] = [];
    for (const [method, path, body] of probes(tooBig)) {
      // Before: 500 Internal (message, flags, source, zip, attachment, replyTo, drafts) and 502 with
      // "The mail server refused UID SEARCH: Error in IMAP command …" (thread, mass action).
      const res = await client.request<ErrorBody>(method, path, { body });
      answers.push(
        `${method} ${path.replace(/\?.*/, '')} → ${res.status} ${res.body.code} ${res.body.message}`,
      );
    }
    expect(
      answers.every((a) => a.includes(' 422 ValidationError ')),
      answers.join('\n'),
    ).toBe(true);
  });

  it('answers the largest UID, 4294967295, without a 5xx and without the mail server’s words', async () => {
    for (const [method, path, body] of probes(4294967295)) {
      const res = await client.request<ErrorBody>(method, path, { body });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      if (res.status >= 400) {
        expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        expect(res.body.message).not.toMatch(/IMAP|Error in|BAD|NO /);
      }
    }
  });

  it.each(['0', '-1', '4294967296', '99999999999999999999', '1.5'])(
    'refuses messageId %s in the path and the attachment part numbers out of range',
    async (uid) => {
      const res = await client.get<ErrorBody>(`/api/u/0/mailbox/${inbox}/messages/${uid}`);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('ValidationError');
      const part = await client.get<ErrorBody>(
        `/api/u/0/mailbox/${inbox}/messages/1/attachments/1.${uid.replace(/^-/, '')}0`,
      );
      expect(part.status).toBeLessThan(500);
    },
  );
});
