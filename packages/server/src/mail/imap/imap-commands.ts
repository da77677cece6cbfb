import type { ImapFlow, MailboxLockObject } from 'imapflow';
import { AppError } from '../../infra/errors.js';
import { watchFolderChanges } from './selected-folder.js';

/**
 * Selects and locks `path` on this connection; the caller must call `release` (once; later calls do nothing).
 * imapflow queues lock requests, so two requests of one user never interleave SELECTs. A folder that is already
 * selected is not selected again (imapflow's fast path): the first FETCH after a SELECT costs Dovecot ~95 ms on
 * a big folder, so the folder stays selected between requests.
 */
export async function lockFolder(
  client: ImapFlow,
  path: string,
  options: { readOnly?: boolean } = {},
): Promise<{ release: () => void }> {
  // Expunges and flag changes are counted per selection from the first lock on (selected-folder.ts).
  watchFolderChanges(client);
  let lock: MailboxLockObject;
  try {
    lock = await client.getMailboxLock(path, { readOnly: options.readOnly ?? false });
  } catch (err) {
    const e = err as { responseStatus?: string; responseText?: string; serverResponseCode?: string };
    if (e.serverResponseCode === 'NONEXISTENT' || /doesn't exist|not exist/i.test(e.responseText ?? '')) {
      throw new AppError('NotFound', 404, 'Folder not found', undefined, undefined, {
        reason: 'folderNotFound',
      });
    }
    // Any other NO to SELECT (e.g. a \Noselect placeholder, no permission): the folder cannot be opened.
    if (e.responseStatus === 'NO') {
      throw new AppError('NotFound', 404, 'This folder cannot be opened', undefined, undefined, {
        reason: 'folderNotSelectable',
      });
    }
    throw err;
  }
  let released = false;
  const release = () => {
    if (!released) lock.release();
    released = true;
  };
  if (!client.mailbox) {
    release();
    throw new AppError('MailServerError', 502, 'The mail server did not open the folder');
  }
  return { release };
}

/** Runs `fn` with `path` selected and locked on this connection; the lock is always released (mail layer only). */
export async function withMailbox<T>(
  client: ImapFlow,
  path: string,
  fn: (mailbox: Exclude<ImapFlow['mailbox'], false>) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const { release } = await lockFolder(client, path, options);
  try {
    return await fn(client.mailbox as Exclude<ImapFlow['mailbox'], false>);
  } finally {
    release();
  }
}
