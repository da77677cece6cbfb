import type { ParsedUntagged } from '../imap/imap-raw-command.js';
import { LateBound } from '../../infra/late-bound.js';

/** What a folder's STATUS says (RFC 3501 + CONDSTORE's HIGHESTMODSEQ). */
export interface FolderStatus {
  messages: number;
  unseen: number;
  uidNext: number;
  uidValidity: string;
  highestModseq: string | null;
}

/** The STATUS items a FolderStatus is made of. */
export const folderStatusItems = {
  messages: true,
  unseen: true,
  uidNext: true,
  uidValidity: true,
  highestModseq: true,
} as const;

/** A STATUS answer (imapflow's shape) as a FolderStatus; null when an item it needs is missing. */
export function toFolderStatus(s: {
  messages?: number;
  unseen?: number;
  uidNext?: number;
  uidValidity?: bigint | number;
  highestModseq?: bigint | number;
}): FolderStatus | null {
  if (s.messages === undefined || s.uidNext === undefined || s.uidValidity === undefined) return null;
  return {
    messages: s.messages,
    unseen: s.unseen ?? 0,
    uidNext: s.uidNext,
    uidValidity: String(s.uidValidity),
    highestModseq: s.highestModseq === undefined ? null : String(s.highestModseq),
  };
}

/**
 * A folder's state as a running mailbox watcher last heard it from the server (events feature), or null when no
 * watcher of the account knows it: readers then ask with STATUS.
 */
export type KnownFolderStatus = (account: string, path: string) => FolderStatus | null;

/**
 * Where readers below the events feature ask for known folder states: the events feature plugs its mailbox
 * watchers in from its own module. Until one does (or without one), nothing is known and readers use STATUS.
 */
export class KnownFolderStatusSource extends LateBound<Parameters<KnownFolderStatus>, FolderStatus | null> {
  constructor() {
    super(() => null);
  }

  readonly statusOf: KnownFolderStatus = this.call;
}

interface Token {
  value?: unknown;
}

/**
 * `* STATUS "Lists/News" (MESSAGES 3 UIDNEXT 9 UIDVALIDITY 17 UNSEEN 1 HIGHESTMODSEQ 42)` as imapflow parsed it:
 * attributes[0] the name, attributes[1] the item list. A NOTIFY update may leave items out (Dovecot sends no
 * UIDVALIDITY when it did not change): those are taken from `known`. Null when a needed item is missing.
 */
export function parseStatus(
  untagged: ParsedUntagged,
  knownOf: (name: string) => FolderStatus | undefined,
): { name: string; status: FolderStatus } | null {
  const [nameToken, items] = untagged.attributes ?? [];
  const name = (nameToken as Token | undefined)?.value;
  if (typeof name !== 'string' || !Array.isArray(items)) return null;
  const values = new Map<string, string>();
  for (let i = 0; i + 1 < items.length; i += 2) {
    const key = (items[i] as Token).value;
    const value = (items[i + 1] as Token).value;
    if (typeof key === 'string' && typeof value === 'string') values.set(key.toUpperCase(), value);
  }
  const known = knownOf(name);
  const number = (key: string, fallback: number | undefined) => {
    const v = values.get(key);
    return v !== undefined && /^[0-9]+$/.test(v) ? Number(v) : (fallback ?? null);
  };
  const messages = number('MESSAGES', known?.messages);
  const unseen = number('UNSEEN', known?.unseen);
  const uidNext = number('UIDNEXT', known?.uidNext);
  const uidValidity = values.get('UIDVALIDITY') ?? known?.uidValidity;
  if (messages === null || unseen === null || uidNext === null || !uidValidity) return null;
  const highestModseq = values.get('HIGHESTMODSEQ') ?? known?.highestModseq ?? null;
  return { name, status: { messages, unseen, uidNext, uidValidity, highestModseq } };
}

/** Whether anything but the counts changed: new or expunged mail, flags (HIGHESTMODSEQ), a new UIDVALIDITY. */
export function contentChanged(before: FolderStatus, after: FolderStatus): boolean {
  return (
    before.uidValidity !== after.uidValidity ||
    before.uidNext !== after.uidNext ||
    before.messages !== after.messages ||
    before.highestModseq !== after.highestModseq
  );
}

export function countsChanged(before: FolderStatus | undefined, after: FolderStatus): boolean {
  return !before || before.messages !== after.messages || before.unseen !== after.unseen;
}
