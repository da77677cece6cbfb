import type { FetchMessageObject, MessageStructureObject } from '../../mail/mail-types.js';
import type { ThreadMessage, ThreadResponse } from '@webmail/contracts';
import { firstAddress, toAddresses } from '../../mail/mime/addresses.js';
import { hasUserAttachments } from '../../mail/mime/body-structure.js';
import { headerValue, threadIdOf } from '../../mail/mime/thread-id.js';

/** A message of the conversation, found in one of its folders. */
export interface Found {
  row: FetchMessageObject;
  mailboxId: string;
  snippet: string;
}

/** Candidates per folder are bounded: a very common subject must not fetch a whole mailbox. */
export const maxCandidates = 500;

/**
 * HEADER References/In-Reply-To is what finds a conversation. The reference server's full-text index
 * (fts-xapian) indexes only a few headers and answers a HEADER search on References or In-Reply-To with
 * nothing, so the base subject (which it does index) is searched as well; every candidate is checked by
 * its computed threadId, so a subject match from another conversation is dropped.
 */
export function candidateCriteria(keys: { root: string; subject: string | null }) {
  const criteria: object[] = [
    { header: { 'message-id': keys.root } },
    { header: { references: keys.root } },
    { header: { 'in-reply-to': keys.root } },
  ];
  if (keys.subject) criteria.push({ subject: keys.subject });
  return criteria;
}

/** The subject without reply/forward prefixes (Re:, Fwd:, AW:, SV:, …), or null when too short to search. */
export function baseSubject(subject: string | undefined): string | null {
  let s = (subject ?? '').trim();
  for (let prev = ''; prev !== s;) {
    prev = s;
    s = s.replace(/^(re|fwd?|aw|wg|sv|vs|vl|ref|tr|rv|antw|vá|ynt)(\[\d+\])?\s*:\s*/i, '').trim();
  }
  return s.length >= 3 ? s : null;
}

export function threadOf(row: FetchMessageObject, mailboxId: string): string {
  return threadIdOf({
    references: headerValue(row.headers, 'references'),
    inReplyTo: row.envelope?.inReplyTo,
    messageId: row.envelope?.messageId,
    fallback: `${mailboxId}:${row.uid}`,
  });
}

/** The Message-ID threadIdOf hashes: first References entry, else In-Reply-To, else the own id. */
export function rootIdOf(row: FetchMessageObject): string | null {
  const first = (value?: string | null) => value?.match(/<[^<>\s]+>/)?.[0];
  return (
    first(headerValue(row.headers, 'references')) ??
    first(row.envelope?.inReplyTo) ??
    first(row.envelope?.messageId) ??
    null
  );
}

export function toThreadMessage({ row, mailboxId, snippet }: Found): ThreadMessage {
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

/**
 * The conversation's messages, oldest first. A message is known by its folder and UID: real mail repeats
 * Message-IDs (resent copies, list duplicates, broken senders), so messages sharing one are all listed. Only a
 * copy of one message in another folder (mail to oneself, in Sent and in Inbox) is listed once, from the first
 * folder found (the opened one first): same Message-ID, Date, sender, subject and body parts.
 */
export function toThreadResponse(threadId: string, found: Found[]): ThreadResponse {
  const copies = new Map<string, string>();
  const messages = found
    .filter(({ row, mailboxId }) => {
      const print = copyPrintOf(row);
      if (print === null) return true;
      const first = copies.get(print);
      if (first !== undefined && first !== mailboxId) return false;
      copies.set(print, mailboxId);
      return true;
    })
    .map(toThreadMessage)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  return { thread: threadId, messages };
}

/** What two copies of one message share whatever folder holds them; null without a Message-ID. */
function copyPrintOf(row: FetchMessageObject): string | null {
  const env = row.envelope;
  const id = env?.messageId?.toLowerCase();
  if (!id) return null;
  const date = env?.date instanceof Date ? env.date.getTime() : String(env?.date ?? '');
  const parts = (node: MessageStructureObject | undefined): string =>
    node ? `${node.type}:${node.size ?? ''}(${(node.childNodes ?? []).map(parts).join(',')})` : '';
  return JSON.stringify([
    id,
    date,
    env?.from?.[0]?.address ?? '',
    env?.subject ?? '',
    parts(row.bodyStructure),
  ]);
}

/** A remembered conversation with the addressed message's current row (its flags may have changed). */
export function withCurrentRow(response: ThreadResponse, row: FetchMessageObject, mailboxId: string) {
  const messages = response.messages.map((m) =>
    m.mailbox === mailboxId && m.id === row.uid ? toThreadMessage({ row, mailboxId, snippet: m.snippet }) : m,
  );
  return { ...response, messages };
}
