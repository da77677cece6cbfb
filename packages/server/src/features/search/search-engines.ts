import type { Config } from '../../infra/config.js';
import { AppError } from '../../infra/errors.js';
import type { ImapArg } from '../../mail/imap/imap-raw-command.js';
import { searchCount } from '../../mail/imap/imap-uid-lists.js';
import type { MailConnection, MailFolder, MailSession } from '../../mail/mail-session.js';
import type { FolderListing } from '../mailboxes/mailboxes.service.js';
import type { MessagesService } from '../messages/messages.service.js';
import { FolderByFolderSearch } from './folder-by-folder-search.js';
import { withCharset } from './search-criteria.js';
import type { SearchHitsCache } from './search-hits-cache.js';
import { resolveScope, type SearchScope } from './search-scope.js';
import { SelectedFolderSearch, type EnginePage, type EngineRequest } from './selected-folder-search.js';

/**
 * Chooses how a search runs and runs it:
 * - one folder (`in:`): a SORT in that folder;
 * - several, when the server has the "all mail" virtual folders (Dovecot's virtual plugin): one SORT in
 *   `Virtual/All` (default scope) or `Virtual/Anywhere` (`in:anywhere`), the rows shown as their real folders';
 * - otherwise folder by folder (ESEARCH per folder, merged by arrival).
 * Measured on the reference Dovecot (bench/README.md): the virtual folder answers a page of a cross-folder
 * search in one SORT + one FETCH, where folder by folder needs a SELECT, a SEARCH and a FETCH of dates per
 * folder, then a FETCH per folder on the page; see the search benchmark for the numbers.
 *
 * The virtual folder is used only when it covers exactly the folders the scope names: `Virtual/All` leaves out
 * `Trash`, `Junk` and their subfolders by name, so an account whose Trash or Junk is called otherwise (or that has
 * a plain folder called Junk) is searched folder by folder. A server without the virtual folder is remembered per
 * connection (no second try).
 */
export class SearchEngines {
  private readonly selected: SelectedFolderSearch;
  private readonly byFolder: FolderByFolderSearch;
  /** Connections whose server has no such virtual folder. */
  private readonly missing = new WeakMap<MailConnection, Set<string>>();

  constructor(
    private readonly config: Config['search'],
    cache: SearchHitsCache,
    messages: MessagesService,
  ) {
    this.selected = new SelectedFolderSearch(cache, messages);
    this.byFolder = new FolderByFolderSearch(cache, messages);
  }

  scopeOf(listing: FolderListing, scopeText: string | null, mailboxId: string | undefined): SearchScope {
    return resolveScope(listing, scopeText, mailboxId);
  }

  private remember(connection: MailConnection, missing: string): void {
    const known = this.missing.get(connection) ?? new Set<string>();
    known.add(missing);
    this.missing.set(connection, known);
  }

  /** The virtual folder that covers exactly this scope, if the configuration and the account allow one. */
  virtualFolderFor(listing: FolderListing, scope: SearchScope): string | null {
    if (this.config.engine === 'folders' || scope.kind === 'folder') return null;
    const path = scope.kind === 'anywhere' ? this.config.anywhereFolder : this.config.allMailFolder;
    if (this.missing.get(listing.connection)?.has(path)) return null;
    if (scope.kind === 'anywhere') return path;
    // The folders the virtual folder leaves out must be exactly the ones the scope leaves out.
    const byName = (p: string) =>
      ['Trash', 'Junk'].some((root) => p === root || p.startsWith(root + listing.delimiter));
    const inScope = new Set(scope.folders.map((f) => f.path));
    const selectable = listing.entries.filter((e) => !e.flags.has('\\Noselect')).map((e) => e.path);
    return selectable.every((p) => inScope.has(p) !== byName(p)) ? path : null;
  }

  /** How many messages match (saved searches' unread counts add UNSEEN to the criteria). */
  async count(
    mail: MailSession,
    listing: FolderListing,
    scope: SearchScope,
    criteriaIn: (open: MailFolder) => Promise<ImapArg[]>,
  ): Promise<number> {
    const count = async (open: MailFolder) => searchCount(open, withCharset(await criteriaIn(open)));
    if (scope.kind === 'folder') {
      return mail.inPath(scope.folders[0]!.path, (open) => count(open));
    }
    const virtual = this.virtualFolderFor(listing, scope);
    if (virtual) {
      try {
        return await mail.inPath(virtual, (open) => count(open));
      } catch (err) {
        if (!(err instanceof AppError && err.status === 404) || this.config.engine === 'allMail') throw err;
        this.remember(listing.connection, virtual);
      }
    }
    let total = 0;
    for (const folder of scope.folders) {
      total += await mail.inPath(folder.path, (open) => count(open));
    }
    return total;
  }

  async page(
    mail: MailSession,
    listing: FolderListing,
    scope: SearchScope,
    request: EngineRequest,
  ): Promise<EnginePage> {
    const key = (engine: string, where: string) =>
      `${mail.account.id}\n${engine}\n${where}\n${request.mode}\n${request.key}`;
    if (scope.kind === 'folder') {
      const folder = scope.folders[0]!;
      return mail.inPath(folder.path, (open) =>
        this.selected.page(open, key('folder', folder.path), request, {
          kind: 'folder',
          mailboxId: folder.mailboxId,
        }),
      );
    }
    const virtual = this.virtualFolderFor(listing, scope);
    if (virtual) {
      const idOf = (path: string) => listing.records.get(path)?.id;
      try {
        return await mail.inPath(virtual, (open) =>
          this.selected.page(open, key('virtual', virtual), request, { kind: 'virtual', idOf }),
        );
      } catch (err) {
        // No such folder on this server: remember it for the connection and search folder by folder.
        if (!(err instanceof AppError && err.status === 404) || this.config.engine === 'allMail') throw err;
        this.remember(listing.connection, virtual);
      }
    }
    const where = scope.folders.map((f) => f.path).join('\n');
    return this.byFolder.page(mail, key('folders', where), scope.folders, request);
  }
}
