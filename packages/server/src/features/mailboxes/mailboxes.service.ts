import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow, ListResponse } from 'imapflow';
import type { Folder } from '@webmail/contracts';
import { notFound } from '../../infra/errors.js';
import type { AuthService, SessionContext } from '../auth/auth.service.js';
import { buildFolderTree } from './folder-tree.js';
import type { MailboxIdsRepository } from './mailbox-ids.repository.js';

export class MailboxesService {
  constructor(
    private readonly auth: AuthService,
    private readonly ids: MailboxIdsRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** LIST with STATUS (one LIST-STATUS round trip on servers that have it). */
  async tree(session: SessionContext): Promise<Folder[]> {
    const client = await this.auth.imap(session);
    let entries = await client.list({ statusQuery: { messages: true, unseen: true } });
    if (await this.makeParentsSelectable(client, entries)) {
      entries = await client.list({ statusQuery: { messages: true, unseen: true } });
    }
    const ids = await this.ids.idsFor(
      session.email,
      entries.map((e) => e.path),
    );
    return buildFolderTree(entries, ids);
  }

  /**
   * A folder created as `A/B/C` leaves `A` and `A/B` as \Noselect placeholders on servers with a
   * filesystem layout (Dovecot LAYOUT=fs). Every folder in the tree should open and accept moved mail, so
   * such placeholders are created as real, empty folders once. Returns whether anything changed.
   */
  private async makeParentsSelectable(client: ImapFlow, entries: ListResponse[]): Promise<boolean> {
    const placeholders = entries.filter((e) => e.flags.has('\\Noselect') && !e.flags.has('\\NonExistent'));
    for (const entry of placeholders) {
      await client.mailboxCreate(entry.path).catch((err: Error) => {
        this.log.warn({ err: { message: err.message } }, 'could not make a parent folder selectable');
      });
    }
    return placeholders.length > 0;
  }

  /** Folder path of an id, or 404. */
  async pathOf(session: SessionContext, mailboxId: string): Promise<string> {
    const path = await this.ids.pathOf(session.email, mailboxId);
    if (!path) throw notFound('Folder');
    return path;
  }
}
