import type { AppError } from '../../infra/errors.js';
import { specialUseOf } from '../../mail/imap/special-use.js';
import type { MailConnection, MailSession } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';

/** Thrown by a `retrying` callback when selecting one of the folders answered 404 (`cause`). */
export class FolderGone extends Error {
  constructor(override readonly cause: AppError) {
    super(cause.message);
  }
}

export interface ThreadFolder {
  path: string;
  id: string;
}

/**
 * The Inbox and Sent folders a conversation is gathered from, known per IMAP connection: a LIST (and the
 * folder-id lookup behind it) on every opened message costs a round trip for an answer that almost never
 * changes. System folders cannot be renamed or removed in the webmail; should another connection do it, the
 * SELECT of the remembered path fails with 404 and `retrying` asks LIST again. (Dovecot creates its
 * configured special-use folders again when they are selected, so there this hardly ever happens.) A connection without a
 * Sent folder is not remembered, so one created later is found. A new connection (sign-in, idle close,
 * drop) starts afresh, and the entry goes with the connection object.
 */
export class ThreadFolders {
  private readonly known = new WeakMap<MailConnection, Promise<ThreadFolder[]>>();

  constructor(private readonly mailboxes: MailboxesService) {}

  /**
   * Runs `fn` with the folders. When `fn` finds one of them gone (FolderGone) and they were remembered,
   * it runs once more with a fresh list; otherwise the folder's own error (404) stands.
   */
  async retrying<T>(
    mail: MailSession,
    connection: MailConnection,
    fn: (folders: ThreadFolder[]) => Promise<T>,
  ): Promise<T> {
    const remembered = this.known.has(connection);
    try {
      return await fn(await this.of(mail, connection));
    } catch (err) {
      if (!(err instanceof FolderGone)) throw err;
      if (!remembered) throw err.cause;
      this.known.delete(connection);
    }
    try {
      return await fn(await this.of(mail, connection));
    } catch (err) {
      throw err instanceof FolderGone ? err.cause : err;
    }
  }

  /** Inbox, then Sent, as far as the account has them. */
  private of(mail: MailSession, connection: MailConnection): Promise<ThreadFolder[]> {
    const remembered = this.known.get(connection);
    if (remembered) return remembered;
    const pending = this.list(mail);
    this.known.set(connection, pending);
    pending.then(
      (folders) => {
        if (folders.length < 2 && this.known.get(connection) === pending) this.known.delete(connection);
      },
      () => {
        if (this.known.get(connection) === pending) this.known.delete(connection);
      },
    );
    return pending;
  }

  private async list(mail: MailSession): Promise<ThreadFolder[]> {
    const listing = await this.mailboxes.listing(mail);
    const folders: ThreadFolder[] = [];
    for (const use of ['inbox', 'sent'] as const) {
      const entry = listing.entries.find(
        (e) => specialUseOf(e) === use || (use === 'inbox' && e.path === 'INBOX'),
      );
      const id = entry && listing.records.get(entry.path)?.id;
      if (entry && id && !folders.some((f) => f.path === entry.path)) folders.push({ path: entry.path, id });
    }
    return folders;
  }
}
