import { describe, expect, it } from 'vitest';
import { AppError } from '../../infra/errors.js';
import type { MailConnection, MailSession } from '../../mail/mail-session.js';
import type { ListResponse } from '../../mail/mail-types.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { FolderGone, ThreadFolders } from './thread-folders.js';

const session = { account: { id: 's1', email: 'anna@example.test' } } as unknown as MailSession;
const entry = (path: string, specialUse?: string) => ({ path, specialUse }) as ListResponse;

/** A folder list that answers what `folders` holds at the time, counting the LISTs. */
function mailboxes(folders: { current: ListResponse[] }) {
  const calls = { lists: 0 };
  const service = {
    listing: async () => {
      calls.lists += 1;
      const entries = folders.current;
      return { entries, records: new Map(entries.map((e) => [e.path, { id: `id-${e.path}` }])) };
    },
  } as unknown as MailboxesService;
  return { service, calls };
}

const client = () => ({}) as MailConnection;
const paths = async (tf: ThreadFolders, c: MailConnection) =>
  tf.retrying(session, c, async (folders) => folders.map((f) => `${f.path}=${f.id}`));

describe('ThreadFolders', () => {
  it('finds Inbox and Sent once per connection', async () => {
    const folders = { current: [entry('INBOX', '\\Inbox'), entry('Posted', '\\Sent'), entry('Work')] };
    const { service, calls } = mailboxes(folders);
    const tf = new ThreadFolders(service);
    const first = client();
    expect(await paths(tf, first)).toEqual(['INBOX=id-INBOX', 'Posted=id-Posted']);
    expect(await paths(tf, first)).toEqual(['INBOX=id-INBOX', 'Posted=id-Posted']);
    expect(calls.lists).toBe(1);
    await paths(tf, client());
    expect(calls.lists).toBe(2);
  });

  it('lists again when a remembered folder is gone, and without a Sent folder', async () => {
    const folders = { current: [entry('INBOX'), entry('Sent', '\\Sent')] };
    const { service, calls } = mailboxes(folders);
    const tf = new ThreadFolders(service);
    const c = client();
    await paths(tf, c);
    folders.current = [entry('INBOX'), entry('Sent mail', '\\Sent')];
    let attempts = 0;
    const result = await tf.retrying(session, c, async (found) => {
      attempts += 1;
      if (found.some((f) => f.path === 'Sent')) {
        throw new FolderGone(new AppError('NotFound', 404, 'Folder not found'));
      }
      return found.map((f) => f.path);
    });
    expect(result).toEqual(['INBOX', 'Sent mail']);
    expect(attempts).toBe(2);

    folders.current = [entry('INBOX')];
    const other = client();
    expect(await paths(tf, other)).toEqual(['INBOX=id-INBOX']);
    folders.current = [entry('INBOX'), entry('Sent', '\\Sent')];
    expect(await paths(tf, other)).toEqual(['INBOX=id-INBOX', 'Sent=id-Sent']);
    expect(calls.lists).toBe(4);
  });

  it('does not retry other errors, and a gone folder of a fresh list is a 404', async () => {
    const { service, calls } = mailboxes({ current: [entry('INBOX'), entry('Sent', '\\Sent')] });
    const tf = new ThreadFolders(service);
    const c = client();
    const notFound = new AppError('NotFound', 404, 'Folder not found');
    const gone = () => Promise.reject(new FolderGone(notFound));
    await expect(tf.retrying(session, c, gone)).rejects.toBe(notFound);
    expect(calls.lists).toBe(1);
    await expect(tf.retrying(session, c, () => Promise.reject(notFound))).rejects.toBe(notFound);
    await expect(tf.retrying(session, c, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(calls.lists).toBe(1);
    await expect(tf.retrying(session, c, gone)).rejects.toBe(notFound);
    expect(calls.lists).toBe(2);
  });
});
