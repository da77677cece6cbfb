import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMailUser, startServer } from '../support/harness.testing.js';

/**
 * A password goes to the mail server as the IMAP LOGIN command (one round trip; imapflow's AUTHENTICATE PLAIN waits
 * for an empty challenge first). LOGIN carries the password as an IMAP string, quoted or as a literal: every
 * character a user may type must still sign in, in both mail access modes, and a wrong one must still fail.
 */
const pieces = [' ', '"', '\\', '{3}', '{3+}', '%', '*', '(', ')', "'", 'ä', 'жё', '€', '🙂', '~`'];
const passwords = [
  ...pieces.map((piece, i) => `p${i}${piece}w`),
  pieces.join(''),
  ` ${pieces.slice(0, 6).join('x')} `,
  'ü'.repeat(60),
];

describe.each(['delegated', 'password'])('sign-in with unusual passwords, %s mail access', (mode) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let users: Array<{ email: string; password: string }>;

  beforeAll(async () => {
    server = await startServer('sqlite', mode === 'password' ? { MAIL_ACCESS: 'password' } : {});
    users = [];
    for (const [i, password] of passwords.entries()) users.push(await newMailUser(`odd${i}`, { password }));
  });
  afterAll(() => server.close());

  it('signs every password in, and its first folder tree comes from the sign-in connection', async () => {
    const refused: string[] = [];
    for (const user of users) {
      const client = server.client();
      await client.get('/api/');
      const signIn = await client.post('/api/auth', user);
      if (signIn.status !== 200) {
        refused.push(user.password);
        continue;
      }
      const tree = await client.get<{ mailboxes: Array<{ path: string }> }>('/api/u/0/mailbox');
      expect(tree.status).toBe(200);
      expect(tree.body.mailboxes.map((m) => m.path)).toContain('INBOX');
    }
    expect(refused).toEqual([]);
  });

  it('refuses each password with one character changed', async () => {
    for (const user of users.slice(0, 4)) {
      const client = server.client();
      await client.get('/api/');
      const res = await client.post('/api/auth', { email: user.email, password: `${user.password}x` });
      expect(res.status).toBe(401);
    }
  });
});
