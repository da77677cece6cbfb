import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { ImapFlow } from 'imapflow';
import type { Filter, FilterAction, FilterQuery, MailboxTreeResponse } from '@webmail/contracts';
import { randomToken } from '../../src/infra/crypto.js';
import type { TestClient } from './http-client.testing.js';

export const filtersBase = '/api/u/0/filters';

/** A test message as raw MIME with a unique Message-ID. */
export interface TestMail {
  from?: string;
  to?: string;
  cc?: string;
  sender?: string;
  subject?: string;
  listId?: string;
  body?: string;
  attachment?: boolean;
  spamScore?: number;
  headers?: readonly string[];
}

export function buildMail(mail: TestMail, recipient: string): { raw: string; messageId: string } {
  const messageId = `<${randomToken(10).replace(/[^a-zA-Z0-9]/g, 'x')}@filters.test>`;
  const headers = [
    `From: ${mail.from ?? 'Someone <someone@other.test>'}`,
    `To: ${mail.to ?? recipient}`,
    ...(mail.cc ? [`Cc: ${mail.cc}`] : []),
    ...(mail.sender ? [`Sender: ${mail.sender}`] : []),
    `Subject: ${mail.subject ?? 'Hello there'}`,
    `Message-ID: ${messageId}`,
    'Date: Tue, 24 Nov 2026 12:00:00 +0000',
    ...(mail.listId ? [`List-Id: ${mail.listId}`] : []),
    ...(mail.spamScore !== undefined ? [`X-Spam-Score: ${mail.spamScore}`] : []),
    ...(mail.headers ?? []),
    'MIME-Version: 1.0',
  ];
  const body = mail.body ?? 'Just a few words.';
  const raw = !mail.attachment
    ? [...headers, 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n')
    : [
        ...headers,
        'Content-Type: multipart/mixed; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        '',
        body,
        '--b1',
        'Content-Type: application/pdf',
        'Content-Disposition: attachment; filename="a.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        'JVBERi0xLjQK',
        '--b1--',
        '',
      ].join('\r\n');
  return { raw, messageId };
}

/** What Pigeonhole did with one delivered message, from the Dovecot log (its `sieve: msgid=…` lines). */
export interface SieveLogOutcome {
  folder: string | null;
  forwards: string[];
  vacation: 'sent' | 'duplicate' | null;
}

/**
 * Waits until the Dovecot log holds the final action for `messageId` in `user`'s delivery (`stored mail into
 * mailbox` or `discard action`; the compiled script always ends with exactly one), then until those lines stop
 * changing (Dovecot's log process writes them a moment apart).
 */
export async function sieveLogOutcome(user: string, messageId: string): Promise<SieveLogOutcome> {
  const log = inject('mailstack').dovecotLog;
  const prefix = `lmtp(${user.toLowerCase()})`;
  const needle = `sieve: msgid=${messageId}:`;
  let last = '';
  for (let i = 0; i < 200; i += 1) {
    const lines = (await readFile(log, 'utf8'))
      .split('\n')
      .filter((line) => line.includes(prefix) && line.includes(needle));
    const text = lines.join('\n');
    const final = /stored mail into mailbox|discard action/.test(text);
    if (final && text === last) {
      const stored = /stored mail into mailbox '([^']*)'/.exec(text);
      return {
        folder: stored ? stored[1]! : null,
        forwards: [...text.matchAll(/forwarded to <([^>]*)>/g)].map((m) => m[1]!).sort(),
        vacation: /sent vacation response/.test(text)
          ? 'sent'
          : /discarded duplicate vacation response/.test(text)
            ? 'duplicate'
            : null,
      };
    }
    last = final ? text : '';
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no Sieve outcome for ${messageId} of ${user} in the Dovecot log`);
}

/** Where the message is stored in the mailbox, with its \Seen / \Flagged flags; null when nowhere. */
export async function storedAt(
  imap: ImapFlow,
  messageId: string,
  folders: readonly string[],
): Promise<{ folder: string; flags: string[] } | null> {
  for (const folder of folders) {
    const lock = await imap.getMailboxLock(folder);
    try {
      // A folder that was already selected shows new mail only after the server syncs the view.
      await imap.noop();
      // Read the envelopes, not SEARCH HEADER: Dovecot answers that from the full-text index, which splits ids.
      if (imap.mailbox && imap.mailbox.exists > 0) {
        // Read to the end (leaving imapflow's fetch iterator early would leave the command unfinished).
        let found: { folder: string; flags: string[] } | null = null;
        for await (const message of imap.fetch('1:*', { envelope: true, flags: true })) {
          if (message.envelope?.messageId !== messageId) continue;
          const flags = [...(message.flags ?? [])].filter((f) => f === '\\Seen' || f === '\\Flagged');
          found = { folder, flags: flags.sort() };
        }
        if (found) return found;
      }
    } finally {
      lock.release();
    }
  }
  return null;
}

export interface FilterSpec {
  name?: string;
  query: FilterQuery;
  /** `mailbox` given as a folder path here; the helper turns it into the folder's id. */
  action: FilterAction;
  disabled?: boolean;
}

/** The id of a folder path from the folder tree. */
export async function folderId(client: TestClient, path: string): Promise<string> {
  const tree = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body;
  const stack = [...tree.mailboxes];
  while (stack.length) {
    const folder = stack.pop()!;
    if (folder.path === path) return folder.id;
    stack.push(...(folder.children ?? []));
  }
  throw new Error(`no folder ${path}`);
}

export async function createFilter(client: TestClient, spec: FilterSpec): Promise<Filter> {
  const action = { ...spec.action };
  if (action.mailbox) action.mailbox = await folderId(client, action.mailbox);
  const res = await client.post<Filter>(filtersBase, {
    name: spec.name ?? 'Test filter',
    query: spec.query,
    action,
    disabled: spec.disabled ?? false,
  });
  if (res.status !== 201) throw new Error(`filter not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A filter that flags mail whose subject holds `subject`. */
export const subjectFilter = (name: string, subject: string) => ({
  name,
  query: { subject },
  action: { flag: true },
});
