import type { ImapFlow } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { MailConnection } from './mail-connection.js';
import { MailFolder } from './mail-folder.js';
import { MailServerRefusal } from './mail-refusal.js';

/**
 * imapflow answers a NO to MOVE, COPY, STORE, EXPUNGE and SEARCH with `false` (and throws for APPEND, CREATE,
 * RENAME, DELETE): every one of them must reach the caller as a `MailServerRefusal`, never as a quiet success.
 * A stand-in connection refuses everything, both ways.
 */
function refusingConnection(how: 'false' | 'throw'): ImapFlow {
  const no = Object.assign(new Error('Command failed'), {
    responseStatus: 'NO',
    responseText: 'Mailbox is read-only',
  });
  const answer = async () => {
    if (how === 'throw') throw no;
    return false;
  };
  return {
    capabilities: new Map<string, boolean>(),
    mailbox: { path: 'INBOX', exists: 3, uidNext: 4, uidValidity: 1n },
    messageMove: answer,
    messageCopy: answer,
    messageFlagsAdd: answer,
    messageFlagsRemove: answer,
    messageDelete: answer,
    search: answer,
    append: answer,
    status: answer,
    mailboxCreate: async () => Promise.reject(no),
    mailboxRename: async () => Promise.reject(no),
    mailboxDelete: async () => Promise.reject(no),
  } as unknown as ImapFlow;
}

const operations: Array<[string, (folder: MailFolder) => Promise<unknown>]> = [
  ['move', (f) => f.move([1, 2], 'Archive')],
  ['copy', (f) => f.copy('1:2', 'Archive')],
  ['addFlags', (f) => f.addFlags([1], ['\\Seen'])],
  ['removeFlags', (f) => f.removeFlags([1], ['\\Flagged'])],
  ['delete', (f) => f.delete([1])],
  ['search', (f) => f.search({ all: true })],
  ['append', (f) => f.append(Buffer.from('Subject: x\r\n\r\nx'), ['\\Seen'])],
  ['status', (f) => f.connection.status('Sent', { messages: true })],
  ['createFolder', (f) => f.connection.createFolder('New')],
  ['renameFolder', (f) => f.connection.renameFolder('A', 'B')],
  ['deleteFolder', (f) => f.connection.deleteFolder('A')],
];

describe('MailFolder and MailConnection refusals', () => {
  for (const how of ['false', 'throw'] as const) {
    it.each(operations)(
      `%s throws MailServerRefusal when the server answers NO (imapflow: ${how})`,
      async (_, op) => {
        const folder = new MailFolder(MailConnection.of(refusingConnection(how)), 'INBOX');
        const failure = await op(folder).then(
          () => null,
          (err: unknown) => err,
        );
        expect(failure).toBeInstanceOf(MailServerRefusal);
        expect((failure as MailServerRefusal).status).toBe(502);
        // The server's words stay on `cause`, never in the answer.
        expect((failure as MailServerRefusal).message).not.toMatch(/read-only/);
      },
    );
  }

  it('reads [OVERQUOTA] as mailboxFull', async () => {
    const full = Object.assign(new Error('Command failed'), {
      responseStatus: 'NO',
      serverResponseCode: 'OVERQUOTA',
      responseText: 'Quota exceeded (mailbox for user is full)',
    });
    const imap = { append: async () => Promise.reject(full) } as unknown as ImapFlow;
    const failure = await MailConnection.of(imap)
      .append('Drafts', Buffer.from('x'))
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(MailServerRefusal);
    expect((failure as MailServerRefusal).reason).toBe('mailboxFull');
  });
});
