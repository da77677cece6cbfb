import { defaultListSort, type ListSort } from '@webmail/contracts';
import { atom, type ImapArg } from '../../mail/imap/imap-raw-command.js';
import type { MailFolder } from '../../mail/mail-session.js';

/**
 * How a list order becomes an RFC 5256 `SORT`. The default, newest first, is `DATE` — the message's own time: its
 * Date header, else INTERNALDATE (RFC 5256 §2.2) — sorted ascending and reversed here, because RFC 5256 breaks ties
 * by ascending sequence number even under REVERSE (mail sent in the same second would list oldest first) and
 * Dovecot compresses only ascending runs of an ESORT reply. Not ARRIVAL: a message moved or copied in from another
 * folder, restored from Trash or delivered late has a new UID and may have a recent INTERNALDATE (Dovecot's COPY
 * keeps it, other servers and clients' APPENDs do not), and it belongs where its date puts it, not on top.
 *
 * The other orders sort by their key and then newest first (`REVERSE DATE`), sent as they are: sender by display
 * name where the server offers RFC 5957 DISPLAYFROM, else by address (`FROM`), subject by base subject, size.
 */
export interface SortPlan {
  /** Identifies the order: a cached list is valid only for the order it was sorted by. */
  id: string;
  keys: ImapArg[];
  /** The server's ascending answer is reversed (newest first). */
  reverse: boolean;
  /** New mail goes on top (only newest first by date): the cache may add arrivals without sorting again. */
  newestFirst: boolean;
}

export const sortId = (sort: ListSort) => `${sort.field}-${sort.order}`;

export function sortPlan(folder: MailFolder, sort: ListSort = defaultListSort): SortPlan {
  const id = sortId(sort);
  if (sort.field === 'date') {
    const newestFirst = sort.order === 'desc';
    return { id, keys: [atom('DATE')], reverse: newestFirst, newestFirst };
  }
  const key =
    sort.field === 'from' ? (folder.has('SORT=DISPLAY') ? 'DISPLAYFROM' : 'FROM') : sort.field.toUpperCase();
  const keys = [
    ...(sort.order === 'desc' ? [atom('REVERSE')] : []),
    atom(key),
    atom('REVERSE'),
    atom('DATE'),
  ];
  return { id, keys, reverse: false, newestFirst: false };
}
