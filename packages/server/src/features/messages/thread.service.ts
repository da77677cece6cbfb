import type { FetchMessageObject, FetchQueryObject, ImapFlow } from 'imapflow';
import type { ThreadMessage, ThreadResponse } from '@webmail/contracts';
import { notFound } from '../../infra/errors.js';
import { withMailbox } from '../../mail/imap/imap-commands.js';
import { firstAddress, toAddresses } from '../../mail/mime/addresses.js';
import { hasUserAttachments } from '../../mail/mime/body-structure.js';
import { headerValue, threadIdOf } from '../../mail/mime/thread-id.js';
import type { AuthService, SessionContext } from '../auth/auth.service.js';
import { specialUseOf } from '../mailboxes/folder-tree.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { snippetOf } from './message-snippet.js';
import { fetchWithoutStructure } from './message-source-fallback.js';

const threadQuery: FetchQueryObject = {
  uid: true,
  flags: true,
  envelope: true,
  bodyStructure: true,
  internalDate: true,
  headers: ['references'],
};

interface Found {
  row: FetchMessageObject;
  mailboxId: string;
  snippet: string;
}

/**
 * A conversation (architecture §4): the messages whose threadId — the hash of the thread root's
 * Message-ID — equals the addressed message's, gathered from its folder, the Inbox and Sent. Each folder
 * is searched under its own lock with one `UID SEARCH OR HEADER Message-ID <root> OR HEADER References
 * <root> HEADER In-Reply-To <root>` (a substring match, so candidates are then checked by their computed
 * threadId). The same message found in two folders (mail to oneself) is listed once, from the first
 * folder in that order. Bodies come from the message detail route.
 */
export class ThreadService {
  constructor(
    private readonly auth: AuthService,
    private readonly mailboxes: MailboxesService,
  ) {}

  async get(
    session: SessionContext,
    mailboxId: string,
    threadId: string,
    uid: number,
  ): Promise<ThreadResponse> {
    const path = await this.mailboxes.pathOf(session, mailboxId);
    const client = await this.auth.imap(session);
    const addressed = await withMailbox(client, path, async () => {
      const row =
        (await client.fetchOne(String(uid), threadQuery, { uid: true })) ||
        (await fetchWithoutStructure(client, uid));
      if (!row) throw notFound('Message');
      return row;
    });
    if (threadOf(addressed, mailboxId) !== threadId) throw notFound('Thread');
    const root = rootIdOf(addressed);
    const subject = baseSubject(addressed.envelope?.subject);
    const found: Found[] = [];
    for (const folder of root ? await this.folders(session, path, mailboxId) : []) {
      found.push(...(await this.searchFolder(client, folder, { root: root!, subject }, threadId)));
    }
    // A message without any Message-ID (or one the search misses) is still its own conversation.
    if (!found.some((f) => f.mailboxId === mailboxId && f.row.uid === addressed.uid)) {
      const snippet = await withMailbox(client, path, () => snippetOf(client, addressed));
      found.unshift({ row: addressed, mailboxId, snippet });
    }
    const seen = new Set<string>();
    const messages = found
      .filter(({ row }) => {
        const id = row.envelope?.messageId?.toLowerCase();
        if (!id) return true;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      })
      .map(toThreadMessage)
      .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
    return { thread: threadId, messages };
  }

  /** The addressed folder, then Inbox and Sent when they are other folders. */
  private async folders(session: SessionContext, path: string, mailboxId: string) {
    const listing = await this.mailboxes.listing(session);
    const folders = [{ path, id: mailboxId }];
    for (const use of ['inbox', 'sent'] as const) {
      const entry = listing.entries.find(
        (e) => specialUseOf(e) === use || (use === 'inbox' && e.path === 'INBOX'),
      );
      const id = entry && listing.records.get(entry.path)?.id;
      if (entry && id && !folders.some((f) => f.path === entry.path)) folders.push({ path: entry.path, id });
    }
    return folders;
  }

  private async searchFolder(
    client: ImapFlow,
    folder: { path: string; id: string },
    keys: { root: string; subject: string | null },
    threadId: string,
  ): Promise<Found[]> {
    return withMailbox(client, folder.path, async () => {
      const found = await client.search({ or: candidateCriteria(keys) }, { uid: true });
      if (!found || found.length === 0) return [];
      const uids = found.sort((a, b) => b - a).slice(0, maxCandidates);
      const rows = await client.fetchAll(uids.join(','), threadQuery, { uid: true });
      const out: Found[] = [];
      for (const row of rows.filter((r) => threadOf(r, folder.id) === threadId)) {
        out.push({ row, mailboxId: folder.id, snippet: await snippetOf(client, row) });
      }
      return out;
    });
  }
}

/** Candidates per folder are bounded: a very common subject must not fetch a whole mailbox. */
const maxCandidates = 500;

/**
 * HEADER References/In-Reply-To is what finds a conversation. The reference server's full-text index
 * (fts-xapian) indexes only a few headers and answers a HEADER search on References or In-Reply-To with
 * nothing, so the base subject (which it does index) is searched as well; every candidate is checked by
 * its computed threadId, so a subject match from another conversation is dropped.
 */
function candidateCriteria(keys: { root: string; subject: string | null }) {
  const criteria: object[] = [
    { header: { 'message-id': keys.root } },
    { header: { references: keys.root } },
    { header: { 'in-reply-to': keys.root } },
  ];
  if (keys.subject) criteria.push({ subject: keys.subject });
  return criteria;
}

/** The subject without reply/forward prefixes (Re:, Fwd:, AW:, SV:, …), or null when too short to search. */
function baseSubject(subject: string | undefined): string | null {
  let s = (subject ?? '').trim();
  for (let prev = ''; prev !== s;) {
    prev = s;
    s = s.replace(/^(re|fwd?|aw|wg|sv|vs|vl|ref|tr|rv|antw|vá|ynt)(\[\d+\])?\s*:\s*/i, '').trim();
  }
  return s.length >= 3 ? s : null;
}

function threadOf(row: FetchMessageObject, mailboxId: string): string {
  return threadIdOf({
    references: headerValue(row.headers, 'references'),
    inReplyTo: row.envelope?.inReplyTo,
    messageId: row.envelope?.messageId,
    fallback: `${mailboxId}:${row.uid}`,
  });
}

/** The Message-ID threadIdOf hashes: first References entry, else In-Reply-To, else the own id. */
function rootIdOf(row: FetchMessageObject): string | null {
  const first = (value?: string | null) => value?.match(/<[^<>\s]+>/)?.[0];
  return (
    first(headerValue(row.headers, 'references')) ??
    first(row.envelope?.inReplyTo) ??
    first(row.envelope?.messageId) ??
    null
  );
}

function toThreadMessage({ row, mailboxId, snippet }: Found): ThreadMessage {
  const env = row.envelope;
  const flags = row.flags ?? new Set<string>();
  const date = env?.date ?? row.internalDate;
  const d = date instanceof Date ? date : date ? new Date(date) : new Date(0);
  return {
    id: row.uid,
    mailbox: mailboxId,
    messageId: env?.messageId ?? null,
    from: firstAddress(env?.from),
    to: toAddresses(env?.to),
    cc: toAddresses(env?.cc),
    subject: env?.subject ?? '',
    date: (Number.isNaN(d.getTime()) ? new Date(0) : d).toISOString(),
    seen: flags.has('\\Seen'),
    flagged: flags.has('\\Flagged'),
    answered: flags.has('\\Answered'),
    draft: flags.has('\\Draft'),
    hasAttachments: hasUserAttachments(row.bodyStructure),
    snippet,
  };
}
