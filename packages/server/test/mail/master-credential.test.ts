import { readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { logLines } from '../support/log-lines.testing.js';

const stack = () => inject('mailstack');
const masterPassword = () => readFileSync(stack().master.passwordFile, 'utf8').trim();
const plain = (authzid: string, user: string, pass: string) =>
  Buffer.from(`${authzid}\0${user}\0${pass}`).toString('base64');

/** An IMAP AUTHENTICATE PLAIN from a chosen source address; the tagged answer. */
function imapAuthFrom(localAddress: string, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: stack().ports.imap, localAddress });
    let buffer = '';
    socket.once('data', () => socket.write(`a AUTHENTICATE PLAIN ${token}\r\n`));
    socket.on('data', (chunk) => {
      buffer += String(chunk);
      const tagged = buffer.split('\r\n').find((line) => line.startsWith('a '));
      if (tagged) {
        socket.end('b LOGOUT\r\n');
        resolve(tagged);
      }
    });
    socket.once('error', reject);
  });
}

/** Everything the server wrote to its database files (SQLite: the files, WAL included). */
function databaseBytes(dataDir: string): string {
  return readdirSync(dataDir)
    .filter((name) => name.startsWith('webmail.sqlite'))
    .map((name) => readFileSync(path.join(dataDir, name)).toString('latin1'))
    .join('');
}

/**
 * The master credential: the webmail's own door to every mailbox. Dovecot takes it only from the webmail's address
 * (allow_nets = 127.0.0.1/32), and the webmail never shows it: not in a log line, an answer or its database.
 */
describe('the master credential', () => {
  const { lines, stream } = logLines();
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer('sqlite', { LOG_LEVEL: 'trace' }, { logStream: stream });
  });
  afterAll(() => server.close());

  it('is accepted from 127.0.0.1 and refused from 127.0.0.2', async () => {
    const user = await newMailUser('allow-nets');
    const token = plain(user.email, stack().master.user, masterPassword());
    expect(await imapAuthFrom('127.0.0.1', token)).toMatch(/^a OK/);
    expect(await imapAuthFrom('127.0.0.2', token)).toMatch(/^a NO/);
  });

  it('never appears in the logs, the answers or the database', async () => {
    const user = await newMailUser('no-leak');
    const client = server.client();
    await client.signIn(user.email, user.password);
    const answers = [
      await client.get('/api/u/0/mailbox'),
      await client.get('/api/u/0/filters'),
      await client.request('PUT', '/api/u/0/filters/spamLevel', { body: { spamLevel: 20 } }),
      await client.get('/api/u/0/details'),
      await client.get('/api/u/0/security/events'),
      await client.get('/api/auth/me?userIndex=0'),
    ];
    for (const answer of answers) expect(answer.status).toBe(200);
    const secret = masterPassword();
    const everything = [
      lines.join(''),
      answers.map((a) => a.raw.toString('utf8')).join('\n'),
      databaseBytes(server.config.dataDir),
    ];
    for (const text of everything) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(Buffer.from(secret).toString('base64'));
    }
    // Delegated access keeps no user password either: no sealed copy in the session row.
    const db = new Database(server.config.database.kind === 'sqlite' ? server.config.database.file : '');
    try {
      const rows = db.prepare('SELECT password_sealed FROM sessions WHERE email = ?').all(user.email);
      expect(rows).toEqual([{ password_sealed: '' }]);
    } finally {
      db.close();
    }
  });

  it('sends only as the account it acts for: another From is refused by the mail server', async () => {
    const user = await newMailUser('master-send');
    const other = await newMailUser('not-mine');
    const token = plain(user.email, stack().master.user, masterPassword());
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: stack().ports.webmailSubmission,
      secure: false,
      auth: { type: 'custom', method: 'PLAIN', user: stack().master.user, pass: masterPassword() },
      customAuth: {
        PLAIN: async (ctx) => {
          const answer = await ctx.sendCommand(`AUTH PLAIN ${token}`);
          if (answer.status !== 235) throw new Error(answer.response);
        },
      },
    });
    try {
      const raw = `From: ${other.email}\r\nTo: ${user.email}\r\nSubject: spoof\r\n\r\nx\r\n`;
      await expect(
        transport.sendMail({ envelope: { from: other.email, to: [user.email] }, raw }),
      ).rejects.toThrow(/Sender address rejected|not owned/i);
      const own = `From: ${user.email}\r\nTo: ${user.email}\r\nSubject: mine\r\n\r\nx\r\n`;
      const sent = await transport.sendMail({ envelope: { from: user.email, to: [user.email] }, raw: own });
      expect(sent.accepted).toEqual([user.email]);
    } finally {
      transport.close();
    }
  });
});
