import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { smtpLogin } from '../support/mail-logins.testing.js';
import { reauthenticate } from '../support/security.testing.js';

type Created = { password: string };

/**
 * IMAP LOGIN over a bare socket, as curl or Python's imaplib send it: the password a quoted string, spaces and
 * all. True when the server answers OK.
 */
async function imapLogin(email: string, password: string): Promise<boolean> {
  const socket = net.connect(inject('mailstack').ports.imap, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  const until = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (pattern.test(text) ? resolve() : undefined);
      socket
        .on('data', check)
        .once('error', reject)
        .once('close', () => reject(new Error(text)));
      check();
    });
  try {
    await until(/^\* OK/m);
    socket.write(`a1 LOGIN "${email}" "${password}"\r\n`);
    await until(/^a1 (OK|NO|BAD)/m);
    return /^a1 OK/m.test(text);
  } finally {
    socket.destroy();
  }
}

describe('an application password as the page shows it', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(() => server.close());

  async function created(scopes: string[]) {
    const user = await newMailUser('spaces');
    const client = server.client();
    await client.signIn(user.email, user.password);
    await reauthenticate(client, user.password);
    const res = await client.post<Created>('/api/u/0/security/asps', { description: 'Phone', scopes });
    expect(res.status).toBe(200);
    const copied = res.body.password;
    // What the dialog shows (and what a selection of it holds): groups of four, one space between.
    const shown = copied.match(/.{4}/g)!.join(' ');
    return { user, copied, shown };
  }

  it(
    'logs in over IMAP and SMTP both as shown (with spaces) and as copied (without)',
    { timeout: 120_000 },
    async () => {
      const { user, copied, shown } = await created(['all']);
      expect(shown).toMatch(/^[a-z]{4}( [a-z]{4}){3}$/);
      for (const form of [shown, copied]) {
        expect(await imapLogin(user.email, form), form).toBe(true);
        expect(await smtpLogin(user.email, form), form).toBe(true);
      }
    },
  );

  it(
    'keeps the scopes and refuses a wrong password in the grouped form too',
    { timeout: 120_000 },
    async () => {
      const { user, shown } = await created(['imap']);
      expect(await imapLogin(user.email, shown)).toBe(true);
      expect(await smtpLogin(user.email, shown)).toBe(false);
      const wrong = `${shown.slice(0, -1)}${shown.endsWith('a') ? 'b' : 'a'}`;
      expect(await imapLogin(user.email, wrong)).toBe(false);
    },
  );
});
