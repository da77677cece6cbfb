import type { Readable } from 'node:stream';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type { ListMode, MessageDetail, MessageListResponse } from '@webmail/contracts';
import { AppError, notFound } from '../../infra/errors.js';
import { withMailbox } from '../../mail/imap/imap-commands.js';
import { noteFlagsChanged } from '../../mail/imap/selected-folder.js';
import { firstAddress, toAddresses } from '../../mail/mime/addresses.js';
import { findPart } from '../../mail/mime/body-structure.js';
import type { AuthService, SessionContext } from '../auth/auth.service.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { FolderLists } from './folder-lists.js';
import { downloadChunkBytes, downloadSection, loadMessageContent } from './message-content.js';
import { fetchWithoutStructure, loadContentFromSource } from './message-source-fallback.js';
import { listPage } from './message-list.js';
import { summaryQuery, toSummary } from './message-summary.js';
import type { RemoteContentPolicy } from './remote-content-policy.js';
import { SanitizedHtmlCache } from './sanitized-html-cache.js';
import type { SortedUidsCache } from './sorted-uids-cache.js';

export class MessagesService {
  private readonly lists: FolderLists;

  constructor(
    private readonly auth: AuthService,
    private readonly mailboxes: MailboxesService,
    private readonly sortedUids: SortedUidsCache,
    private readonly remote: RemoteContentPolicy,
    /** Per process: sanitized bodies of messages opened before (sanitized-html-cache.ts). */
    private readonly sanitizedHtml = new SanitizedHtmlCache(),
  ) {
    this.lists = new FolderLists(sortedUids);
  }

  /**
   * One page of a folder, newest first: messages, or conversations (`mode`). The lists come from IMAP
   * SORT / THREAD, cached by folder state (folder-lists.ts); the rows are one UID FETCH (message-list.ts).
   */
  async list(
    session: SessionContext,
    mailboxId: string,
    offset: number,
    limit: number,
    mode: ListMode = 'messages',
  ): Promise<MessageListResponse> {
    const path = await this.mailboxes.pathOf(session, mailboxId);
    const client = await this.auth.imap(session);
    const key = `${session.id}:${path}`;
    return withMailbox(client, path, () =>
      listPage(client, this.lists, key, { mailboxId, offset, limit, mode }),
    );
  }

  /**
   * One message. Remote content shows (through the image proxy) when asked for this once (`showRemote`),
   * or when the user's external-content mode is `always` or lists the sender; otherwise it is held back.
   */
  async get(
    session: SessionContext,
    mailboxId: string,
    uid: number,
    options: { showRemote?: boolean } = {},
  ): Promise<MessageDetail> {
    const path = await this.mailboxes.pathOf(session, mailboxId);
    const client = await this.auth.imap(session);
    return withMailbox(client, path, async (mailbox) => {
      const row =
        (await client.fetchOne(String(uid), summaryQuery, { uid: true })) ||
        (await fetchWithoutStructure(client, uid));
      if (!row) throw notFound('Message');
      const env = row.envelope;
      const decision = await this.remote.decide(session, firstAddress(env?.from)?.address);
      const proxy =
        options.showRemote || decision.allowed ? (url: string) => this.remote.proxy(session, url) : undefined;
      const htmlCache = {
        cache: this.sanitizedHtml,
        key: {
          account: session.email,
          path,
          uidValidity: String(mailbox.uidValidity),
          uid,
          proxyStamp: proxy ? proxy(proxyProbe) : null,
        },
      };
      const content = row.bodyStructure
        ? await loadMessageContent(client, uid, row.bodyStructure, { proxy, htmlCache })
        : await loadContentFromSource(client, uid, proxy);
      return {
        externalContentMode: decision.mode,
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
      // CONDSTORE answers our own STORE without FLAGS, so no imapflow event: cached unseen sets must know.
      noteFlagsChanged(client);
      const after = await fetchOne(client, uid);
      return { seen: after.flags?.has('\\Seen') ?? false, flagged: after.flags?.has('\\Flagged') ?? false };
    });
  }

  /**
   * Streams one attachment. The mailbox lock is held until the stream ends, because imapflow fetches the
   * part in chunks over the same connection (1 MB each: a 2 MB PDF took 42 round trips in imapflow's
   * 64 KB chunks). Not FETCH BINARY, which would spare decoding base64 here: Dovecot 2.3 drops the whole
   * connection when a part's base64 ends early, so a hostile attachment would sign the user's
   * connection out, where imapflow's decoder reads it as well as it can.
   */
  async attachment(session: SessionContext, mailboxId: string, uid: number, part: string) {
    const path = await this.mailboxes.pathOf(session, mailboxId);
    const client = await this.auth.imap(session);
    const lock = await client.getMailboxLock(path);
    let handedOver = false;
    try {
      const row = await client.fetchOne(String(uid), { uid: true, bodyStructure: true }, { uid: true });
      if (!row) throw notFound('Message');
      const attachment = findPart(row.bodyStructure, part);
      if (!attachment) throw notFound('Attachment');
      const { content } = await client.download(String(uid), downloadSection(row.bodyStructure, part), {
        uid: true,
        chunkSize: downloadChunkBytes,
      });
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

/** Signed to learn whether the image proxy still signs as it did when a body was cached. */
const proxyProbe = 'https://proxy-probe.invalid/';

async function fetchOne(client: ImapFlow, uid: number): Promise<FetchMessageObject> {
  const row = await client.fetchOne(String(uid), summaryQuery, { uid: true });
  if (!row) throw notFound('Message');
  return row;
}
