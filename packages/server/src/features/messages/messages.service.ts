import type { FetchMessageObject } from '../../mail/mail-types.js';
import type {
  ListMode,
  ListSort,
  MessageDetail,
  MessageListResponse,
  MessageSummary,
} from '@webmail/contracts';
import { notFound } from '../../infra/errors.js';
import { fetchListRows, type ListRow } from '../../mail/imap/imap-fetch-rows.js';
import type { MailFolder, MailSession } from '../../mail/mail-session.js';
import { firstAddress, toAddresses } from '../../mail/mime/addresses.js';
import { headerValue } from '../../mail/mime/thread-id.js';
import {
  conversationAt,
  conversationCount,
  groupConversations,
  type GroupedConversations,
} from './conversations.js';
import { FolderLists } from './folder-lists.js';
import { loadMessageContent } from './message-content.js';
import { fetchWithoutStructure, loadContentFromSource } from './message-source-fallback.js';
import { listPage } from './message-list.js';
import { detailQuery, listIdOf, summaryQuery, toSummary, unsubscribeOf } from './message-summary.js';
import type { RemoteContentPolicy } from './remote-content-policy.js';
import type { WokenMessages } from './woken-first.js';
import { MessageBodyCache } from './message-body-cache.js';
import type { SortedUidsCache } from './sorted-uids-cache.js';

export class MessagesService {
  private readonly lists: FolderLists;

  constructor(
    private readonly sortedUids: SortedUidsCache,
    private readonly remote: RemoteContentPolicy,
    /** Per process: the bodies of messages opened or read ahead before (message-body-cache.ts). */
    private readonly bodies = new MessageBodyCache(),
    /** Hosts whose one-click unsubscribe URL may be plain http (OUTBOUND_ALLOW_HOSTS). */
    private readonly httpAllowed: (host: string) => boolean = () => false,
    /** Messages woken from snooze, listed first in their folder (woken-first.ts). */
    private readonly woken?: WokenMessages,
  ) {
    this.lists = new FolderLists(sortedUids);
  }

  /**
   * One page of a folder in the list's order (`sort`; newest first by the Date header unless given): messages, or
   * conversations (`mode`). The lists come from IMAP SORT / THREAD, cached by folder state (folder-lists.ts); the
   * rows are one UID FETCH (message-list.ts).
   */
  async list(
    mail: MailSession,
    mailboxId: string,
    offset: number,
    limit: number,
    mode: ListMode = 'messages',
    sort?: ListSort,
  ): Promise<MessageListResponse> {
    return mail.inFolder(mailboxId, (folder) =>
      listPage(
        folder,
        this.lists,
        `${mail.account.id}:${folder.path}`,
        {
          mailboxId,
          account: mail.email,
          selfAddress: mail.email,
          offset,
          limit,
          mode,
          sort,
        },
        this.woken,
      ),
    );
  }

  /**
   * List rows of these UIDs of the folder selected on `folder`, newest first: for the rows of new mail the
   * event stream sends (the folder shows them without asking again).
   */
  async rowsOf(folder: MailFolder, mailboxId: string, uids: number[]): Promise<MessageSummary[]> {
    if (uids.length === 0) return [];
    const { rows } = await fetchListRows(folder, uids);
    return rows
      .map((row) => toSummary(row, mailboxId))
      .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  }

  /** A list row of any folder in the list's shape (search results name each row's own folder). */
  summaryOf(row: ListRow, mailboxId: string): MessageSummary {
    return toSummary(row, mailboxId);
  }

  /**
   * Threads grouped as a folder's conversations are (conversations.ts): each thread's UIDs newest first by their
   * place in `newestFirst`, threads ordered by their newest message; UIDs not in `newestFirst` left out.
   */
  conversationsOf(threads: readonly number[][], newestFirst: readonly number[]): Conversations {
    const grouped = groupConversations(threads, newestFirst);
    return { count: conversationCount(grouped), at: (i) => conversationAt(grouped, i), grouped };
  }

  /**
   * One message. Remote content shows (through the image proxy) when asked for this once (`showRemote`),
   * or when the user's external-content mode is `always` or lists the sender; otherwise it is held back.
   */
  async get(
    mail: MailSession,
    mailboxId: string,
    uid: number,
    options: { showRemote?: boolean } = {},
  ): Promise<MessageDetail> {
    return mail.inFolder(mailboxId, (folder) => this.detail(mail, mailboxId, uid, folder, options));
  }

  /**
   * New mail the live stream announced, read ahead on the session's connection while the user looks at the list:
   * Dovecot's first read of a message another process stored costs ~200 ms on a 100,000-message maildir folder
   * (the connection re-reads the folder's uidlist to find the file), and its HTML is sanitized into the cache.
   * Only when the connection is open with that folder selected (mail-session `inSelectedFolder`), at most
   * `arrivalsAhead` messages of at most `arrivalBytesAhead` each, newest first; a failure only leaves it for the
   * open to do.
   */
  async readAhead(mail: MailSession, mailboxId: string, messages: MessageSummary[]): Promise<void> {
    const uids = messages
      .filter((m) => m.size <= arrivalBytesAhead)
      .map((m) => m.id)
      .sort((a, b) => b - a)
      .slice(0, arrivalsAhead);
    for (const uid of uids) {
      const done = await mail
        .inSelectedFolder(mailboxId, (folder) => this.detail(mail, mailboxId, uid, folder, {}))
        .catch(() => null);
      if (!done) return;
    }
  }

  private async detail(
    mail: MailSession,
    mailboxId: string,
    uid: number,
    folder: MailFolder,
    options: { showRemote?: boolean },
  ): Promise<MessageDetail> {
    // New mail first becomes visible to this connection (fetchSeeingArrivals); only a message that is there and
    // still not answered has a structure imapflow cannot read. (Asking without the structure in the same attempt
    // found new mail that the first FETCH had just made visible, and opened it from its source, without its
    // attachments.)
    const row = (await folder.fetchOne(uid, detailQuery, true)) ?? (await fetchWithoutStructure(folder, uid));
    if (!row) throw notFound('Message', 'messageNotFound');
    const env = row.envelope;
    const decision = await this.remote.decide(mail.account, firstAddress(env?.from)?.address);
    const proxy =
      options.showRemote || decision.allowed
        ? (url: string) => this.remote.proxy(mail.account, url)
        : undefined;
    const bodyCache = {
      cache: this.bodies,
      key: {
        account: mail.email,
        path: folder.path,
        uidValidity: String(folder.mailbox.uidValidity),
        uid,
        proxyStamp: proxy ? proxy(proxyProbe) : null,
      },
    };
    const content = row.bodyStructure
      ? await loadMessageContent(folder, uid, row.bodyStructure, { proxy, bodyCache })
      : await loadContentFromSource(folder, uid, proxy);
    return {
      externalContentMode: decision.mode,
      ...toSummary(row, mailboxId),
      messageId: env?.messageId ?? null,
      sender: firstAddress(env?.sender),
      replyTo: toAddresses(env?.replyTo),
      cc: toAddresses(env?.cc),
      bcc: toAddresses(env?.bcc),
      listId: listIdOf(headerValue(row.headers, 'list-id')),
      unsubscribe: unsubscribeOf(row.headers, this.httpAllowed),
      ...content,
    };
  }

  async setFlags(
    mail: MailSession,
    mailboxId: string,
    uid: number,
    change: { seen?: boolean; flagged?: boolean },
  ): Promise<{ seen: boolean; flagged: boolean }> {
    return mail.inFolder(mailboxId, async (folder) => {
      await fetchOne(folder, uid);
      for (const [flag, on] of [
        ['\\Seen', change.seen],
        ['\\Flagged', change.flagged],
      ] as const) {
        if (on === undefined) continue;
        // A refusal throws (MailServerRefusal): imapflow's `false` never passes as success.
        if (on) await folder.addFlags([uid], [flag]);
        else await folder.removeFlags([uid], [flag]);
      }
      // CONDSTORE answers our own STORE without FLAGS, so no imapflow event: cached unseen sets must know.
      folder.noteFlagsChanged();
      const after = await fetchOne(folder, uid);
      return { seen: after.flags?.has('\\Seen') ?? false, flagged: after.flags?.has('\\Flagged') ?? false };
    });
  }
}

/** Conversations of a list: how many, and conversation `i`'s UIDs newest first. */
export interface Conversations {
  count: number;
  at: (i: number) => number[];
  grouped: GroupedConversations;
}

/** Read ahead on arrival (`readAhead`): this many of one folder's new messages, each at most this size. */
const arrivalsAhead = 5;
const arrivalBytesAhead = 2 * 1024 * 1024;

/** Signed to learn whether the image proxy still signs as it did when a body was cached. */
const proxyProbe = 'https://proxy-probe.invalid/';

async function fetchOne(folder: MailFolder, uid: number): Promise<FetchMessageObject> {
  const row = await folder.fetchOne(uid, summaryQuery, true);
  if (!row) throw notFound('Message', 'messageNotFound');
  return row;
}
