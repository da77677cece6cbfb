import type { ListResponse } from 'imapflow';
import { flattenFolders, type Folder, type FolderCreateBody, type FolderPatchBody } from '@webmail/contracts';
import { AppError, notFound } from '../../infra/errors.js';
import type { SessionContext } from '../auth/auth.service.js';
import { specialUseOf } from './folder-tree.js';
import type { MailboxIdsRepository } from './mailbox-ids.repository.js';
import type { FolderListing, MailboxesService } from './mailboxes.service.js';

type FieldErrors = Record<string, string[]>;

const invalid = (errors: FieldErrors) =>
  new AppError('ValidationError', 422, Object.values(errors).flat().join(', '), errors);

/**
 * Folder management (spec §7 POST/PATCH/DELETE /mailbox/folders, updateOrder). Names and places live on
 * the IMAP server; ids, retention, hidden and order in the webmail DB. System (special-use) folders keep
 * their name and place (spec §6): only retention is editable.
 */
export class FoldersService {
  constructor(
    private readonly mailboxes: MailboxesService,
    private readonly ids: MailboxIdsRepository,
  ) {}

  async create(session: SessionContext, body: FolderCreateBody): Promise<Folder> {
    const listing = await this.mailboxes.listing(session);
    const parentPath = this.parentPathOf(listing, body.parent);
    const path = joinPath(parentPath, body.name, listing.delimiter);
    this.assertFree(listing, path, null);
    try {
      // imapflow subscribes the new folder too, so other mail clients see it.
      const created = await listing.client.mailboxCreate(path);
      if (!created.created) throw invalid({ name: ['A folder with this name already exists here'] });
    } catch (err) {
      throw refusal(err, 'name', 'The mail server did not create the folder');
    }
    const record = (await this.ids.idsFor(session.email, [path])).get(path);
    if (!record) throw new AppError('Internal', 500, 'The new folder got no id');
    await this.ids.updateSettings(session.email, record.id, {
      retentionMs: body.retention ?? null,
      hidden: body.hidden ?? false,
    });
    return this.folder(session, record.id);
  }

  async update(session: SessionContext, id: string, body: FolderPatchBody): Promise<Folder> {
    const listing = await this.mailboxes.listing(session);
    const { entry, recordId } = this.find(listing, id);
    const currentParent = entry.parentPath ? (listing.records.get(entry.parentPath)?.id ?? null) : null;
    const wantedParent = body.parent === undefined ? currentParent : body.parent || null;
    const record = listing.records.get(entry.path);
    if (specialUseOf(entry) !== null) {
      const errors: FieldErrors = {};
      const shownName = specialUseOf(entry) === 'inbox' ? 'INBOX' : entry.name;
      if (body.name && body.name !== shownName) errors.name = ['System folders cannot be renamed'];
      if (wantedParent !== currentParent) errors.parent = ['System folders cannot be moved'];
      if (body.hidden !== undefined && body.hidden !== record?.hidden)
        errors.hidden = ['System folders cannot be hidden'];
      if (Object.keys(errors).length) throw invalid(errors);
    } else {
      if (body.name !== undefined && body.name === '') throw invalid({ name: ['A folder name is required'] });
      const parentPath =
        body.parent === undefined ? (entry.parentPath ?? '') : this.parentPathOf(listing, body.parent);
      if (parentPath === entry.path || parentPath.startsWith(entry.path + listing.delimiter)) {
        throw invalid({ parent: ['A folder cannot be moved into itself or its subfolders'] });
      }
      const newPath = joinPath(parentPath, body.name ?? entry.name, listing.delimiter);
      if (newPath !== entry.path) await this.rename(session, listing, entry.path, newPath);
    }
    await this.ids.updateSettings(session.email, recordId, {
      ...(body.retention !== undefined ? { retentionMs: body.retention } : {}),
      ...(body.hidden !== undefined ? { hidden: body.hidden } : {}),
    });
    return this.folder(session, recordId);
  }

  /** Deletes the folder, its messages and every subfolder (deepest first: Dovecot refuses a parent). */
  async remove(session: SessionContext, id: string): Promise<void> {
    const listing = await this.mailboxes.listing(session);
    const { entry } = this.find(listing, id);
    if (specialUseOf(entry) !== null)
      throw new AppError('Forbidden', 403, 'System folders cannot be deleted');
    const subtree = listing.entries
      .filter((e) => e.path === entry.path || e.path.startsWith(entry.path + listing.delimiter))
      .sort((a, b) => depth(b.path, listing.delimiter) - depth(a.path, listing.delimiter));
    for (const folder of subtree) {
      try {
        await listing.client.mailboxDelete(folder.path);
      } catch (err) {
        throw refusal(err, null, 'The mail server did not delete the folder');
      }
    }
    await this.ids.removeTree(session.email, entry.path, listing.delimiter);
    this.mailboxes.quotaChanged(session);
  }

  /** Stores the user's order of folders; every id must be one of the account's folders. */
  async updateOrder(session: SessionContext, order: string[]): Promise<void> {
    const known = new Set([...(await this.ids.rows(session.email)).values()].map((r) => r.id));
    const unknown = order.filter((id) => !known.has(id));
    if (unknown.length) throw invalid({ order: [`Unknown folders: ${unknown.join(', ')}`] });
    if (new Set(order).size !== order.length) throw invalid({ order: ['A folder is listed twice'] });
    await this.ids.setOrder(session.email, order);
  }

  private async rename(session: SessionContext, listing: FolderListing, from: string, to: string) {
    this.assertFree(listing, to, from);
    try {
      await listing.client.mailboxRename(from, to);
    } catch (err) {
      throw refusal(err, 'name', 'The mail server did not rename the folder');
    }
    // Dovecot renames the subfolders with it; their ids follow under the new paths.
    await this.ids.movePaths(session.email, from, to, listing.delimiter);
  }

  private find(listing: FolderListing, id: string): { entry: ListResponse; recordId: string } {
    const record = [...listing.records.values()].find((r) => r.id === id);
    const entry = record && listing.entries.find((e) => e.path === record.path);
    if (!record || !entry) throw notFound('Folder');
    return { entry, recordId: record.id };
  }

  private parentPathOf(listing: FolderListing, parentId: string | null | undefined): string {
    if (!parentId) return '';
    const record = [...listing.records.values()].find((r) => r.id === parentId);
    if (!record || !listing.entries.some((e) => e.path === record.path)) {
      throw invalid({ parent: ['The parent folder does not exist'] });
    }
    return record.path;
  }

  /**
   * No two siblings may share a name. Compared case-insensitively: Dovecot treats INBOX so, and on
   * case-insensitive file systems `Work` and `work` would be one maildir.
   */
  private assertFree(listing: FolderListing, path: string, except: string | null): void {
    const wanted = path.toLowerCase();
    const taken =
      wanted === 'inbox' || listing.entries.some((e) => e.path !== except && e.path.toLowerCase() === wanted);
    if (taken) throw invalid({ name: ['A folder with this name already exists here'] });
  }

  private async folder(session: SessionContext, id: string): Promise<Folder> {
    const { mailboxes } = await this.mailboxes.tree(session);
    const found = flattenFolders(mailboxes).find((f) => f.id === id);
    if (!found) throw notFound('Folder');
    return found;
  }
}

function joinPath(parentPath: string, name: string, delimiter: string): string {
  return parentPath ? `${parentPath}${delimiter}${name}` : name;
}

function depth(path: string, delimiter: string): number {
  return path.split(delimiter).length;
}

/**
 * imapflow throws on a NO to CREATE/RENAME/DELETE. A NO is the server refusing this request (bad name,
 * no permission): 422 on the given field when there is one, else 502. The answer says so in our words:
 * the mail server's own text never reaches the client (it names server internals, and is not
 * translated); it stays on the error as `cause`. Our own AppErrors pass through.
 */
function refusal(err: unknown, field: string | null, message: string): Error {
  if (err instanceof AppError) return err;
  const e = err as { responseStatus?: string };
  if (e.responseStatus !== 'NO' && e.responseStatus !== 'BAD') return err as Error;
  const refused = field ? invalid({ [field]: [message] }) : new AppError('MailServerError', 502, message);
  refused.cause = err;
  return refused;
}
