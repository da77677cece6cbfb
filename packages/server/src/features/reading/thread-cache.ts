import type { ThreadResponse } from '@webmail/contracts';
import { folderState, type FolderState } from '../../mail/imap/selected-folder.js';
import { statusOf, type KnownStatus } from '../../mail/imap/thread-index.js';
import type { MailConnection, MailFolder } from '../../mail/mail-session.js';

/** The opened folder while it stays selected: any change in it shows in these counters (selected-folder.ts). */
type OpenedStamp = Pick<FolderState, 'selection' | 'exists' | 'expunges' | 'flagChanges'>;

/** Another searched folder: the values of its SELECT, which STATUS answers alike while nothing changed. */
interface OtherStamp {
  path: string;
  uidValidity: string;
  uidNext: number;
  highestModseq: string;
}

export interface ThreadCacheEntry {
  response: ThreadResponse;
  opened: OpenedStamp;
  others: OtherStamp[];
}

/** Conversations remembered per connection; a handful is enough for going back and forth. */
const perConnection = 32;

/**
 * Conversations by the state of the folders they were gathered from (cache by IMAP state,
 * not by time), so opening a message again costs one FETCH and a STATUS per other folder instead of a
 * SELECT, a SEARCH and a FETCH per folder.
 *
 * The opened folder is searched last and stays selected; its entry holds while that selection has seen no
 * arrival, expunge or flag change (Dovecot reports other sessions' changes at the end of each command, and
 * the addressed FETCH that precedes a lookup is one). Another SELECT of it, in between, misses. The other
 * folders were freshly selected for their search: their UIDNEXT and HIGHESTMODSEQ from that SELECT are
 * compared with STATUS; any arrival, expunge or flag change since moves one of them (CONDSTORE). Without
 * HIGHESTMODSEQ nothing is cached. The addressed message itself was fetched before those SELECTs, so the
 * caller puts its fresh row into the answer.
 */
export class ThreadCache {
  private readonly byConnection = new WeakMap<MailConnection, Map<string, ThreadCacheEntry>>();

  /** Under the opened folder's lock: the remembered answer while none of its folders changed. */
  async get(
    opened: MailFolder,
    key: string,
    otherPaths: string[],
    known: (path: string) => KnownStatus | null = () => null,
  ): Promise<ThreadResponse | undefined> {
    const entries = this.byConnection.get(opened.connection);
    const entry = entries?.get(key);
    if (!entries || !entry) return undefined;
    entries.delete(key);
    const now = folderState(opened);
    const stamp = entry.opened;
    if (
      stamp.selection !== now.selection ||
      stamp.exists !== now.exists ||
      stamp.expunges !== now.expunges ||
      stamp.flagChanges !== now.flagChanges ||
      entry.others.map((o) => o.path).join('\n') !== otherPaths.join('\n')
    ) {
      return undefined;
    }
    for (const other of entry.others) {
      // Never the selected folder (imapflow would take STATUS as news about it): we hold the opened one.
      const status = await statusOf(opened, other.path, known(other.path));
      if (
        !status ||
        status.uidValidity !== other.uidValidity ||
        status.uidNext !== other.uidNext ||
        status.highestModseq !== other.highestModseq
      ) {
        return undefined;
      }
    }
    entries.set(key, entry);
    return entry.response;
  }

  set(connection: MailConnection, key: string, entry: ThreadCacheEntry): void {
    let entries = this.byConnection.get(connection);
    if (!entries) this.byConnection.set(connection, (entries = new Map()));
    entries.delete(key);
    entries.set(key, entry);
    for (const [oldest] of entries) {
      if (entries.size <= perConnection) break;
      entries.delete(oldest);
    }
  }
}

/** The opened folder's stamp; call under its lock before its SEARCH. */
export function openedStamp(folder: MailFolder): OpenedStamp {
  const { selection, exists, expunges, flagChanges } = folderState(folder);
  return { selection, exists, expunges, flagChanges };
}

/** Another folder's stamp, or null when it has no HIGHESTMODSEQ; call under its lock before its SEARCH. */
export function otherStamp(folder: MailFolder, path: string): OtherStamp | null {
  const s = folderState(folder);
  if (s.highestModseq === null) return null;
  return { path, uidValidity: s.uidValidity, uidNext: s.uidNext, highestModseq: s.highestModseq };
}
