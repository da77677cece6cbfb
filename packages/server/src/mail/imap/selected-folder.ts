import type { ImapFlow } from 'imapflow';
import { imapOf, type ImapTarget } from './imap-handle.js';

/**
 * What the webmail knows about the selected folder's state without asking the server, so a cached list
 * can be trusted without a round trip (cache by IMAP state, not by time).
 *
 * imapflow replaces its `mailbox` object on every SELECT, so the object itself names one selection. Within
 * a selection it keeps EXISTS current but not UIDNEXT or HIGHESTMODSEQ, and tells about expunges and
 * flag changes only by events; those are counted here per selection. Dovecot reports other sessions'
 * changes at the end of each command (or at once during IDLE), so a caller that must be exact compares
 * the state before and after its own commands (see MessagesService.list).
 */
export interface FolderState {
  /** imapflow's mailbox object of this selection (identity only). */
  selection: object;
  path: string;
  uidValidity: string;
  /** UIDNEXT from the SELECT; later arrivals do not change it. */
  uidNext: number;
  /** Current message count (EXISTS, minus expunges). */
  exists: number;
  /** Messages expunged during this selection (by anyone). */
  expunges: number;
  /** Flag changes seen during this selection (other sessions' FETCH FLAGS, our own noted stores). */
  flagChanges: number;
  /** HIGHESTMODSEQ from the SELECT (CONDSTORE), or null. */
  highestModseq: string | null;
}

interface Counters {
  expunges: number;
  flagChanges: number;
}

const counters = new WeakMap<object, Counters>();
const watched = new WeakSet<ImapFlow>();

function countersOf(selection: object): Counters {
  let c = counters.get(selection);
  if (!c) {
    c = { expunges: 0, flagChanges: 0 };
    counters.set(selection, c);
  }
  return c;
}

function watch(client: ImapFlow): void {
  if (watched.has(client)) return;
  watched.add(client);
  // imapflow emits these while the event's mailbox is the selected one (its `mailbox` object).
  client.on('expunge', () => {
    if (client.mailbox) countersOf(client.mailbox).expunges += 1;
  });
  client.on('flags', () => {
    if (client.mailbox) countersOf(client.mailbox).flagChanges += 1;
  });
}

/** The selected folder's state; throws if none is selected (call under withMailbox). */
export function folderState(target: ImapTarget): FolderState {
  const client = imapOf(target);
  watch(client);
  const mailbox = client.mailbox;
  if (!mailbox) throw new Error('no folder is selected');
  const c = countersOf(mailbox);
  return {
    selection: mailbox,
    path: mailbox.path,
    uidValidity: String(mailbox.uidValidity),
    uidNext: mailbox.uidNext,
    exists: mailbox.exists,
    expunges: c.expunges,
    flagChanges: c.flagChanges,
    highestModseq: mailbox.highestModseq === undefined ? null : String(mailbox.highestModseq),
  };
}

/** Starts counting before the first command of a request, so no event is missed. */
export function watchFolderChanges(client: ImapFlow): void {
  watch(client);
}

/** After the webmail changed flags itself without imapflow seeing them (raw STORE, silent stores). */
export function noteFlagsChanged(target: ImapTarget): void {
  const client = imapOf(target);
  if (client.mailbox) countersOf(client.mailbox).flagChanges += 1;
}

/** Whether anything a message list depends on changed between two snapshots of one selection. */
export function sameMessages(a: FolderState, b: FolderState): boolean {
  return a.selection === b.selection && a.exists === b.exists && a.expunges === b.expunges;
}

/**
 * Runs `fetch` once more after a NOOP when it found nothing. The web app learns of new mail from the live-events
 * stream (another connection) and may ask for a UID this connection was never told of; Dovecot answers a FETCH of
 * it with nothing until it has sent this connection the EXISTS, which the NOOP collects. Only a miss costs the round
 * trip.
 */
export async function fetchSeeingArrivals<T>(
  target: ImapTarget,
  fetch: () => Promise<T | null | undefined | false>,
): Promise<T | null> {
  const client = imapOf(target);
  const first = await fetch();
  if (first) return first;
  await client.noop();
  return (await fetch()) || null;
}
