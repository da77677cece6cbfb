import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { e2eMailstackPortBase, e2eStateDir, repoRoot } from './environment';

export interface MailUser {
  email: string;
  password: string;
}

let counter = 0;

/**
 * A fresh mailbox on the test stack, so a test that moves or deletes mail leaves the demo accounts as other
 * tests expect them. Added through the stack's own script, as an operator would.
 */
export function newMailUser(prefix: string): MailUser {
  counter += 1;
  const user = {
    email: `${prefix}-${Date.now().toString(36)}-${counter}@example.test`,
    password: `${prefix}-password-${counter}`,
  };
  execFileSync('bash', ['mailstack/bin/add-user.sh', user.email, user.password], {
    cwd: repoRoot,
    env: {
      ...process.env,
      MAILSTACK_DIR: path.join(e2eStateDir, 'mailstack'),
      MAILSTACK_PORT_BASE: String(e2eMailstackPortBase),
    },
    stdio: 'ignore',
  });
  return user;
}

/** Straight IMAP to the test stack, bypassing the webmail: to set up mail and to check what it did. */
export async function withImap<T>(user: MailUser, fn: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: e2eMailstackPortBase + 143,
    secure: false,
    auth: { user: user.email, pass: user.password },
    logger: false,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.logout();
  }
}

/** A small plain-text message. */
export function plainMessage(options: {
  from: string;
  to: string;
  subject: string;
  body?: string;
  date?: Date;
}) {
  const date = options.date ?? new Date();
  return Buffer.from(
    [
      `From: ${options.from}`,
      `To: ${options.to}`,
      `Subject: ${options.subject}`,
      `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: <${Math.random().toString(36).slice(2)}.${date.getTime()}@e2e.example.test>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      options.body ?? `Body of ${options.subject}`,
      '',
    ].join('\r\n'),
  );
}

/** Creates folders (parents first) and appends `count` messages to each named folder. */
export async function seedFolders(
  user: MailUser,
  folders: Record<string, number>,
  options: { seen?: boolean } = {},
): Promise<void> {
  await withImap(user, async (client) => {
    for (const [folder, count] of Object.entries(folders)) {
      if (folder !== 'INBOX') await client.mailboxCreate(folder).catch(() => undefined);
      for (let i = 1; i <= count; i += 1) {
        const raw = plainMessage({
          from: 'Sender <sender@example.test>',
          to: user.email,
          subject: `${folder.split('/').pop()} message ${i}`,
          date: new Date(Date.now() - (count - i) * 60_000),
        });
        await client.append(folder, raw, options.seen ? ['\\Seen'] : []);
      }
    }
  });
}

/** The number of messages in a folder, read straight from Dovecot. */
export async function countIn(user: MailUser, folder: string): Promise<number> {
  return withImap(user, async (client) => {
    const status = await client.status(folder, { messages: true });
    if (!status) throw new Error(`STATUS ${folder} was refused`);
    return status.messages ?? 0;
  });
}
