import type { Readable } from 'node:stream';
import type { FetchMessageObject, FetchQueryObject, ImapFlow } from 'imapflow';
import type { MessageDetail, MessageListResponse, MessageSummary } from '@webmail/contracts';
import { AppError, notFound } from '../../infra/errors.js';
import { sortUidsNewestFirst, withMailbox } from '../../mail/imap/imap-commands.js';
import { firstAddress, toAddresses } from '../../mail/mime/addresses.js';
import { findPart, hasUserAttachments } from '../../mail/mime/body-structure.js';
import { headerValue, threadIdOf } from '../../mail/mime/thread-id.js';
import type { AuthService, SessionContext } from '../auth/auth.service.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { loadMessageContent } from './message-content.js';
import type { SortedUidsCache } from './sorted-uids-cache.js';

const summaryQuery: FetchQueryObject = {
  uid: true,
  flags: true,
  envelope: true,
  bodyStructure: true,
  internalDate: true,
  size: true,
  headers: ['references'],
};

export class MessagesService {
  constructor(
    private readonly auth: AuthService,
    private readonly mailboxes: MailboxesService,
    private readonly sortedUids: SortedUidsCache,
  ) {}

  /** One page of a folder, newest first (IMAP SORT, cached by folder state; rows fetched per page). */
  async list(
    session: SessionContext,
    mailboxId: string,
    offset: number,
    limit: number,
  ): Promise<MessageListResponse> {
    const path = await this.mailboxes.pathOf(session, mailboxId);
    const client = await this.auth.imap(session);
    return withMailbox(client, path, async (mailbox) => {
      const state = `${mailbox.uidValidity}:${mailbox.uidNext}:${mailbox.exists}`;
      const key = `${session.id}:${path}`;
      let uids = this.sortedUids.get(key, state);
      if (!uids) {
        uids = await sortUidsNewestFirst(client);
        this.sortedUids.set(key, state, uids);
      }
      const page = uids.slice(offset, offset + limit);
      const rows = page.length ? await client.fetchAll(page.join(','), summaryQuery, { uid: true }) : [];
      const byUid = new Map(rows.map((m) => [m.uid, m]));
      const messages = page.flatMap((uid) => {
        const row = byUid.get(uid);
        return row ? [toSummary(row, mailboxId)] : [];
      });
      return { total: uids.length, offset, messages };
    });
  }

  async get(session: SessionContext, mailboxId: string, uid: number): Promise<MessageDetail> {
    const path = await this.mailboxes.pathOf(session, mailboxId);
    const client = await this.auth.imap(session);
    return withMailbox(client, path, async () => {
      const row = await fetchOne(client, uid);
      const content = await loadMessageContent(client, uid, row.bodyStructure);
      const env = row.envelope;
      return {
        ...toSummary(row, mailboxId),
        messageId: env?.messageId ?? null,
        sender: firstAddress(env?.sender),
        replyTo: toAddresses(env?.replyTo),
        cc: toAddresses(env?.cc),
        bcc: toAddresses(env?.bcc),
        ...content,
      };
    });
  }

  async setFlags(
    session: SessionContext,
    mailboxId: string,
    uid: number,
    change: { seen?: boolean; flagged?: boolean },
  ): Promise<{ seen: boolean; flagged: boolean }> {
    const path = await this.mailboxes.pathOf(session, mailboxId);
    const client = await this.auth.imap(session);
    return withMailbox(client, path, async () => {
      await fetchOne(client, uid);
      for (const [flag, on] of [
        ['\\Seen', change.seen],
        ['\\Flagged', change.flagged],
      ] as const) {
        if (on === undefined) continue;
        // imapflow answers a NO with `false`; that must not pass as success.
        const ok = on
          ? await client.messageFlagsAdd(String(uid), [flag], { uid: true })
          : await client.messageFlagsRemove(String(uid), [flag], { uid: true });
        if (!ok) throw new AppError('MailServerError', 502, 'The mail server did not change the message');
      }
      const after = await fetchOne(client, uid);
      return { seen: after.flags?.has('\\Seen') ?? false, flagged: after.flags?.has('\\Flagged') ?? false };
    });
  }

  /**
   * Streams one attachment. The mailbox lock is held until the stream ends, because imapflow fetches the
   * part in chunks over the same connection.
   */
  async attachment(session: SessionContext, mailboxId: string, uid: number, part: string) {
    const path = await this.mailboxes.pathOf(session, mailboxId);
    const client = await this.auth.imap(session);
    const lock = await client.getMailboxLock(path);
    let handedOver = false;
    try {
      const row = await fetchOne(client, uid);
      const attachment = findPart(row.bodyStructure, part);
      if (!attachment) throw notFound('Attachment');
      const { content } = await client.download(String(uid), part, { uid: true });
      if (!content) throw notFound('Attachment');
      const stream = content as Readable;
      let released = false;
      const release = () => {
        if (!released) lock.release();
        released = true;
      };
      stream.once('end', release);
      stream.once('close', release);
      stream.once('error', release);
      handedOver = true;
      return { attachment, stream };
    } finally {
      if (!handedOver) lock.release();
    }
  }
}

async function fetchOne(client: ImapFlow, uid: number): Promise<FetchMessageObject> {
  const row = await client.fetchOne(String(uid), summaryQuery, { uid: true });
  if (!row) throw notFound('Message');
  return row;
}

function toSummary(row: FetchMessageObject, mailboxId: string): MessageSummary {
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
  };
}

function toIso(date: Date | string | undefined): string {
  const d = date instanceof Date ? date : date ? new Date(date) : new Date(0);
  return Number.isNaN(d.getTime()) ? new Date(0).toISOString() : d.toISOString();
}
