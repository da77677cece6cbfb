import type { FetchMessageObject, FetchQueryObject } from '../../mail/mail-types.js';
import type { ListUnsubscribe, MessageSummary } from '@webmail/contracts';
import { firstAddress, toAddresses } from '../../mail/mime/addresses.js';
import { hasUserAttachments } from '../../mail/mime/body-structure.js';
import { unsubscribeMethodsOf, unsubscribeTargets } from '../../mail/mime/list-unsubscribe.js';
import { headerValue, threadIdOf } from '../../mail/mime/thread-id.js';

/** What a list row needs, fetched in one UID FETCH per page. */
export const summaryQuery: FetchQueryObject = {
  uid: true,
  flags: true,
  envelope: true,
  bodyStructure: true,
  internalDate: true,
  size: true,
  headers: ['references'],
};

/** The headers a message opened reads: threading, List-Id ("filter messages like this") and how to unsubscribe. */
export const detailHeaders = ['references', 'list-id', 'list-unsubscribe', 'list-unsubscribe-post'];

/** One message opened: the summary's fields and `detailHeaders`. */
export const detailQuery: FetchQueryObject = { ...summaryQuery, headers: detailHeaders };

/** The ways to leave the message's list, best first; null when it names none we can use. */
export function unsubscribeOf(
  headers: Buffer | undefined,
  httpAllowed: (host: string) => boolean,
): ListUnsubscribe | null {
  const targets = unsubscribeTargets(
    headerValue(headers, 'list-unsubscribe'),
    headerValue(headers, 'list-unsubscribe-post'),
    httpAllowed,
  );
  const methods = unsubscribeMethodsOf(targets);
  return methods.length > 0 ? { methods } : null;
}

/** A List-Id header's identifier: the part inside `<…>` (RFC 2919), else the whole value; null when absent. */
export function listIdOf(value: string | null): string | null {
  if (!value) return null;
  const inside = /<([^<>]+)>/.exec(value);
  return (inside ? inside[1]! : value).trim() || null;
}

export function toSummary(row: FetchMessageObject & { preview?: string }, mailboxId: string): MessageSummary {
  const env = row.envelope;
  const flags = row.flags ?? new Set<string>();
  const date = env?.date ?? row.internalDate;
  return {
    id: row.uid,
    mailbox: mailboxId,
    thread: threadIdOf({
      references: headerValue(row.headers, 'references'),
      inReplyTo: env?.inReplyTo,
      messageId: env?.messageId,
      fallback: `${mailboxId}:${row.uid}`,
    }),
    from: firstAddress(env?.from),
    to: toAddresses(env?.to),
    subject: env?.subject ?? '',
    date: toIso(date),
    size: row.size ?? 0,
    seen: flags.has('\\Seen'),
    flagged: flags.has('\\Flagged'),
    answered: flags.has('\\Answered'),
    draft: flags.has('\\Draft'),
    hasAttachments: hasUserAttachments(row.bodyStructure),
    ...(row.preview ? { preview: row.preview } : {}),
  };
}

function toIso(date: Date | string | undefined): string {
  const d = date instanceof Date ? date : date ? new Date(date) : new Date(0);
  return Number.isNaN(d.getTime()) ? new Date(0).toISOString() : d.toISOString();
}
