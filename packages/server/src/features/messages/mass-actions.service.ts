import type { MassActionName, MassActionRequest, MassActionResponse, SpecialUse } from '@webmail/contracts';
import { AppError, notFound } from '../../infra/errors.js';
import { withMailbox } from '../../mail/imap/imap-commands.js';
import type { AuthService, SessionContext } from '../auth/auth.service.js';
import { specialUseOf } from '../mailboxes/folder-tree.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { FolderLists } from './folder-lists.js';
import { applyToFolder, isFlagAction, type Source, type Target } from './mass-action-folder.js';
import type { SortedUidsCache } from './sorted-uids-cache.js';

type FolderResult = MassActionResponse['folders'][number];
type Moved = MassActionResponse['moved'][number];

/** Actions that move to a special-use folder, and the 403 message when the account has none. */
const moveTargets: Partial<Record<MassActionName, { use: SpecialUse; missing: string }>> = {
  trash: { use: 'trash', missing: 'trashFolderNotSet' },
  archive: { use: 'archive', missing: 'archiveFolderNotSet' },
  spam: { use: 'junk', missing: 'junkFolderNotSet' },
  notspam: { use: 'inbox', missing: 'inboxFolderNotSet' },
};

/**
 * Mass actions (spec §3/§4, architecture §4): one UID STORE / UID MOVE / UID EXPUNGE per folder on a
 * compressed UID set, never a command per message (mass-action-folder.ts). '*' is resolved to the
 * folder's UIDs first (UID SEARCH ALL), so mail arriving meanwhile is not moved or deleted unseen.
 */
export class MassActionsService {
  private readonly lists: FolderLists;

  constructor(
    private readonly auth: AuthService,
    private readonly mailboxes: MailboxesService,
    sortedUids: SortedUidsCache,
  ) {
    this.lists = new FolderLists(sortedUids);
  }

  async run(session: SessionContext, request: MassActionRequest): Promise<MassActionResponse> {
    if (request.context === 'searchAll') {
      throw new AppError('ValidationError', 422, 'Mass actions on search results are not available yet', {
        context: ['Mass actions on search results are not available yet'],
      });
    }
    if (request.messages.length === 0) {
      throw new AppError('ValidationError', 422, 'noMessagesSelected', { messages: ['noMessagesSelected'] });
    }
    // Everything is checked before anything changes: an unknown folder must not leave half a job done.
    const { sources, target } = await this.resolve(session, request);
    const folders: FolderResult[] = [];
    const moved: Moved[] = [];
    const client = await this.auth.imap(session);
    for (const source of sources) {
      const key = `${session.id}:${source.path}`;
      await withMailbox(client, source.path, async () => {
        const { result, move } = await applyToFolder(client, request.action, source, target, this.lists, key);
        folders.push(result);
        if (move) moved.push(move);
      });
    }
    // Moved-in mail keeps its old arrival time, so the target's list is sorted again when next opened.
    if (target && !isFlagAction(request.action)) this.lists.forget(`${session.id}:${target.path}`);
    if (target || request.action === 'delete') this.mailboxes.quotaChanged(session);
    return {
      action: request.action,
      total: folders.reduce((n, f) => n + f.total, 0),
      handled: folders.reduce((n, f) => n + f.handled, 0),
      folders,
      moved,
    };
  }

  private async resolve(session: SessionContext, request: MassActionRequest) {
    const listing = await this.mailboxes.listing(session);
    const byId = new Map([...listing.records.values()].map((r) => [r.id, r.path]));
    const special = new Map<SpecialUse, string>();
    for (const e of listing.entries) {
      const use = specialUseOf(e);
      if (use) special.set(use, e.path);
    }
    const groups = new Map<string, Source>();
    for (const ref of request.messages) {
      const path = byId.get(ref.mailboxId);
      if (!path || !listing.entries.some((e) => e.path === path)) throw notFound('Folder');
      const source = groups.get(ref.mailboxId) ?? {
        mailboxId: ref.mailboxId,
        path,
        all: false,
        uids: new Set(),
      };
      if (ref.messageId === '*') source.all = true;
      else source.uids.add(ref.messageId);
      groups.set(ref.mailboxId, source);
    }
    const sources = [...groups.values()];
    const idOf = (path: string) => listing.records.get(path)?.id ?? path;
    let target: Target | null = null;
    if (request.action === 'move') {
      const path = byId.get(request.moveToTarget ?? '');
      if (!path || !listing.entries.some((e) => e.path === path)) throw notFound('Target folder');
      target = { mailboxId: idOf(path), path };
    }
    const special404 = moveTargets[request.action];
    if (special404) {
      const path = special.get(special404.use);
      if (!path) throw new AppError('Forbidden', 403, special404.missing);
      target = { mailboxId: idOf(path), path };
    }
    if (request.action === 'notspam' && sources.some((s) => s.path !== special.get('junk'))) {
      throw new AppError('ValidationError', 422, 'Only messages in Junk can be marked as not spam', {
        messages: ['Only messages in Junk can be marked as not spam'],
      });
    }
    if (request.action === 'delete') {
      const allowed = new Set([special.get('trash'), special.get('junk')]);
      if (sources.some((s) => !allowed.has(s.path))) {
        throw new AppError('Forbidden', 403, 'Messages can be deleted forever only in Trash or Junk');
      }
    }
    return { sources, target };
  }
}
