import type { ImapFlow, MailboxLockObject } from 'imapflow';
import { AppError } from '../../infra/errors.js';

/**
 * Runs `fn` with `path` selected and locked on this connection. imapflow queues lock requests, so two
 * requests of one user never interleave SELECTs. The lock is always released.
 */
export async function withMailbox<T>(
  client: ImapFlow,
  path: string,
  fn: (mailbox: Exclude<ImapFlow['mailbox'], false>) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  let lock: MailboxLockObject;
  try {
    lock = await client.getMailboxLock(path, { readOnly: options.readOnly ?? false });
  } catch (err) {
    const e = err as { responseStatus?: string; responseText?: string; serverResponseCode?: string };
    if (e.serverResponseCode === 'NONEXISTENT' || /doesn't exist|not exist/i.test(e.responseText ?? '')) {
      throw new AppError('NotFound', 404, 'Folder not found');
    }
    // Any other NO to SELECT (e.g. a \Noselect placeholder, no permission): the folder cannot be opened.
    if (e.responseStatus === 'NO') throw new AppError('NotFound', 404, 'This folder cannot be opened');
    throw err;
  }
  try {
    if (!client.mailbox)
      throw new AppError('MailServerError', 502, 'The mail server did not open the folder');
    return await fn(client.mailbox);
  } finally {
    lock.release();
  }
}

type Untagged = { attributes?: Array<{ value?: unknown }> };
type ExecResponse = { next: () => void };
type Exec = (
  command: string,
  attributes: unknown[],
  options: { untagged: Record<string, (u: Untagged) => Promise<void>> },
) => Promise<ExecResponse>;

/**
 * Newest-first UIDs of the selected mailbox via `UID SORT (ARRIVAL) UTF-8 ALL` (RFC 5256), reversed here.
 * Not `REVERSE ARRIVAL`: RFC 5256 breaks ties by ascending sequence number even under REVERSE, so mail
 * that arrived in the same second would list oldest first. imapflow 2.1.2 does not wrap SORT, so it goes
 * through its internal exec(); this is the one place that touches that internal API.
 * Servers without SORT fall back to UID SEARCH ALL, reversed (UID order is arrival order there).
 */
export async function sortUidsNewestFirst(client: ImapFlow): Promise<number[]> {
  if (!client.capabilities.has('SORT')) {
    const uids = await client.search({ all: true }, { uid: true });
    if (!uids) throw new AppError('MailServerError', 502, 'The mail server refused to list the folder');
    return [...uids].reverse();
  }
  const uids: number[] = [];
  const exec = (client as unknown as { exec: Exec }).exec.bind(client);
  const response = await exec(
    'UID SORT',
    [[{ type: 'ATOM', value: 'ARRIVAL' }], { type: 'ATOM', value: 'UTF-8' }, { type: 'ATOM', value: 'ALL' }],
    {
      untagged: {
        SORT: async (untagged) => {
          for (const attr of untagged.attributes ?? []) {
            const uid = Number(attr.value);
            if (Number.isInteger(uid) && uid > 0) uids.push(uid);
          }
        },
      },
    },
  );
  response.next();
  return uids.reverse();
}
