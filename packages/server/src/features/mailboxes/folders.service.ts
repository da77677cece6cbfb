import type { ListResponse } from '../../mail/mail-types.js';
import { flattenFolders, type Folder, type FolderCreateBody, type FolderPatchBody } from '@webmail/contracts';
import {
  AppError,
  FieldProblems,
  notFound,
  refusal as refused,
  validationError,
} from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import { isMailConnectionLost } from '../../infra/http/unavailable-errors.js';
import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import { MailServerRefusal, type MailSession } from '../../mail/mail-session.js';
import type { FolderSettingsRepository } from './folder-settings.repository.js';
import { specialUseOf } from '../../mail/imap/special-use.js';
import type { FolderListing, MailboxesService } from './mailboxes.service.js';

const nameTaken = () =>
  validationError({
    name: [{ code: 'folderNameTaken', message: 'A folder with this name already exists here' }],
  });

/**
 * Folder management (create, rename, move, delete, order). Names and places live on the IMAP server; ids,
 * retention, hidden and order in the webmail DB. System (special-use) folders keep their name and place: only
 * their retention is editable.
 */
export class FoldersService {
  constructor(
    private readonly mailboxes: MailboxesService,
    private readonly ids: FolderIdsRepository,
    private readonly settings: FolderSettingsRepository,
    private readonly publish: PublishEvent,
    /** Told after folder paths changed (rename, move, delete): the filters' script names folders by path. */
    private readonly pathsChanged: (mail: MailSession) => Promise<void> = async () => undefined,
  ) {}

  async create(mail: MailSession, body: FolderCreateBody): Promise<Folder> {
    const listing = await this.mailboxes.listing(mail);
    const parentPath = this.parentPathOf(listing, body.parent);
    const path = joinPath(parentPath, body.name, listing.delimiter);
    this.assertFree(listing, path, null);
    try {
      // imapflow subscribes the new folder too, so other mail clients see it.
      const created = await listing.connection.createFolder(path);
      if (!created.created) throw nameTaken();
    } catch (err) {
      // The name was free before the CREATE: there now, it is this request's folder.
      if (!(await this.doneDespite(err, mail, (paths) => paths.has(path))))
        throw refusal(err, 'name', 'The mail server did not create the folder');
    }
    const record = (await this.ids.idsFor(mail.email, [path])).get(path);
    if (!record) throw new AppError('Internal', 500, 'The new folder got no id');
    await this.settings.updateSettings(mail.email, record.id, {
      retentionMs: body.retention ?? null,
      hidden: body.hidden ?? false,
    });
    this.publish(mail.email, { command: 'folderCreate', mailboxId: record.id });
    return this.folder(mail, record.id);
  }

  async update(mail: MailSession, id: string, body: FolderPatchBody): Promise<Folder> {
    const listing = await this.mailboxes.listing(mail);
    const { entry, recordId } = this.find(listing, id);
    const currentParent = entry.parentPath ? (listing.records.get(entry.parentPath)?.id ?? null) : null;
    const wantedParent = body.parent === undefined ? currentParent : body.parent || null;
    const record = listing.records.get(entry.path);
    if (specialUseOf(entry) !== null) {
      const problems = new FieldProblems();
      const shownName = specialUseOf(entry) === 'inbox' ? 'INBOX' : entry.name;
      if (body.name && body.name !== shownName)
        problems.add('name', 'systemFolderRename', 'System folders cannot be renamed');
      if (wantedParent !== currentParent)
        problems.add('parent', 'systemFolderMove', 'System folders cannot be moved');
      if (body.hidden !== undefined && body.hidden !== record?.hidden)
        problems.add('hidden', 'systemFolderHide', 'System folders cannot be hidden');
      problems.throwIfAny();
    } else {
      if (body.name !== undefined && body.name === '') {
        throw validationError({ name: [{ code: 'required', message: 'A folder name is required' }] });
      }
      const parentPath =
        body.parent === undefined ? (entry.parentPath ?? '') : this.parentPathOf(listing, body.parent);
      if (parentPath === entry.path || parentPath.startsWith(entry.path + listing.delimiter)) {
        throw validationError({
          parent: [
            {
              code: 'folderParentInvalid',
              message: 'A folder cannot be moved into itself or its subfolders',
            },
          ],
        });
      }
      const newPath = joinPath(parentPath, body.name ?? entry.name, listing.delimiter);
      if (newPath !== entry.path) {
        await this.rename(mail, listing, entry.path, newPath);
        this.publish(mail.email, { command: 'folderRename', mailboxId: recordId });
        await this.pathsChanged(mail);
      }
    }
    await this.settings.updateSettings(mail.email, recordId, {
      ...(body.retention !== undefined ? { retentionMs: body.retention } : {}),
      ...(body.hidden !== undefined ? { hidden: body.hidden } : {}),
    });
    if (body.retention !== undefined || body.hidden !== undefined) {
      this.publish(mail.email, { command: 'folderUpdate', mailboxId: recordId });
    }
    return this.folder(mail, recordId);
  }

  /** Deletes the folder, its messages and every subfolder (deepest first: Dovecot refuses a parent). */
  async remove(mail: MailSession, id: string): Promise<void> {
    const listing = await this.mailboxes.listing(mail);
    const { entry } = this.find(listing, id);
    if (specialUseOf(entry) !== null)
      throw refused('Forbidden', 403, 'systemFolderDelete', 'System folders cannot be deleted');
    const subtree = listing.entries
      .filter((e) => e.path === entry.path || e.path.startsWith(entry.path + listing.delimiter))
      .sort((a, b) => depth(b.path, listing.delimiter) - depth(a.path, listing.delimiter));
    for (const folder of subtree) {
      try {
        // The session's connection at each step: one lost on the way is replaced for the next.
        await (await mail.connection()).deleteFolder(folder.path);
      } catch (err) {
        if (!(await this.doneDespite(err, mail, (paths) => !paths.has(folder.path))))
          throw refusal(err, null, 'The mail server did not delete the folder');
      }
    }
    await this.ids.removeTree(mail.email, entry.path, listing.delimiter);
    this.mailboxes.quotaChanged(mail.account);
    this.publish(mail.email, { command: 'folderDelete', mailboxId: id });
    await this.pathsChanged(mail);
  }

  /** Stores the user's order of folders; every id must be one of the account's folders. */
  async updateOrder(mail: MailSession, order: string[]): Promise<void> {
    const known = new Set([...(await this.ids.rows(mail.email)).values()].map((r) => r.id));
    const unknown = order.filter((id) => !known.has(id));
    if (unknown.length) {
      throw validationError({
        order: [
          {
            code: 'notAllowed',
            message: `Unknown folders: ${unknown.join(', ')}`,
            params: { ids: unknown.join(', ') },
          },
        ],
      });
    }
    if (new Set(order).size !== order.length) {
      throw validationError({ order: [{ code: 'invalid', message: 'A folder is listed twice' }] });
    }
    await this.settings.setOrder(mail.email, order);
    this.publish(mail.email, { command: 'folderOrder' });
  }

  private async rename(mail: MailSession, listing: FolderListing, from: string, to: string) {
    this.assertFree(listing, to, from);
    try {
      await listing.connection.renameFolder(from, to);
    } catch (err) {
      if (!(await this.doneDespite(err, mail, (paths) => paths.has(to) && !paths.has(from))))
        throw refusal(err, 'name', 'The mail server did not rename the folder');
    }
    // Dovecot renames the subfolders with it; their ids follow under the new paths.
    await this.ids.movePaths(mail.email, from, to, listing.delimiter);
  }

  /**
   * After the connection was lost during a CREATE, RENAME or DELETE the server may have done it without the webmail
   * hearing so (a cut network, an IMAP process that died after the change): a fresh LIST on a new connection tells.
   * Done, the request goes on as if answered OK instead of a 503 whose repeat would then be refused (name taken,
   * folder not found); not done, or still no connection, the error stands.
   */
  private async doneDespite(
    err: unknown,
    mail: MailSession,
    done: (paths: Set<string>) => boolean,
  ): Promise<boolean> {
    if (!isMailConnectionLost(err)) return false;
    const listing = await this.mailboxes.listing(mail).catch(() => null);
    return listing !== null && done(new Set(listing.entries.map((e) => e.path)));
  }

  private find(listing: FolderListing, id: string): { entry: ListResponse; recordId: string } {
    const record = [...listing.records.values()].find((r) => r.id === id);
    const entry = record && listing.entries.find((e) => e.path === record.path);
    if (!record || !entry) throw notFound('Folder', 'folderNotFound');
    return { entry, recordId: record.id };
  }

  private parentPathOf(listing: FolderListing, parentId: string | null | undefined): string {
    if (!parentId) return '';
    const record = [...listing.records.values()].find((r) => r.id === parentId);
    if (!record || !listing.entries.some((e) => e.path === record.path)) {
      throw validationError({
        parent: [{ code: 'folderParentMissing', message: 'The parent folder does not exist' }],
      });
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
    if (taken) throw nameTaken();
  }

  private async folder(mail: MailSession, id: string): Promise<Folder> {
    const { mailboxes } = await this.mailboxes.tree(mail);
    const found = flattenFolders(mailboxes).find((f) => f.id === id);
    if (!found) throw notFound('Folder', 'folderNotFound');
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
 * The mail layer throws `MailServerRefusal` on a NO to CREATE/RENAME/DELETE: the server refusing this request
 * (bad name, no permission). 422 on the given field when there is one, else 502. The answer says so in our words:
 * the mail server's own text never reaches the client (it names server internals, and is not translated); it
 * stays on the error as `cause`. Our other errors pass through.
 */
function refusal(err: unknown, field: string | null, message: string): Error {
  if (!(err instanceof MailServerRefusal)) return err as Error;
  const refused = field
    ? validationError({ [field]: [{ code: 'mailServerRefused', message }] })
    : new AppError('MailServerError', 502, message);
  refused.cause = err.cause;
  return refused;
}
