import type { Folder } from '@webmail/contracts';
import { notFound } from '../../infra/errors.js';
import type { AuthService, SessionContext } from '../auth/auth.service.js';
import { buildFolderTree } from './folder-tree.js';
import type { MailboxIdsRepository } from './mailbox-ids.repository.js';

export class MailboxesService {
  constructor(
    private readonly auth: AuthService,
    private readonly ids: MailboxIdsRepository,
  ) {}

  /** LIST with STATUS (one LIST-STATUS round trip on servers that have it). */
  async tree(session: SessionContext): Promise<Folder[]> {
    const client = await this.auth.imap(session);
    const entries = await client.list({ statusQuery: { messages: true, unseen: true } });
    const ids = await this.ids.idsFor(
      session.email,
      entries.map((e) => e.path),
    );
    return buildFolderTree(entries, ids);
  }

  /** Folder path of an id, or 404. */
  async pathOf(session: SessionContext, mailboxId: string): Promise<string> {
    const path = await this.ids.pathOf(session.email, mailboxId);
    if (!path) throw notFound('Folder');
    return path;
  }
}
