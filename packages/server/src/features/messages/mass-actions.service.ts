import type { MassActionName, MassActionRequest, MassActionResponse, SpecialUse } from '@webmail/contracts';
import type { ErrorReason } from '@webmail/contracts';
import { notFound, refusal, validationError } from '../../infra/errors.js';
import type { ImapArg } from '../../mail/imap/imap-raw-command.js';
import type { MailSession, MailFolder } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { FolderLists } from './folder-lists.js';
import { applyToFolder, isFlagAction, type Source, type Target } from './mass-action-folder.js';
import type { SortedUidsCache } from './sorted-uids-cache.js';

type FolderResult = MassActionResponse['folders'][number];
/** A search's SEARCH criteria, worked out in the folder (see mass-action-folder.ts `Source`). */
type Criteria = (folder: MailFolder) => Promise<ImapArg[]>;
type Moved = MassActionResponse['moved'][number];

/** Actions that move to a special-use folder, and the 403 reason when the account has none. */
const moveTargets: Partial<Record<MassActionName, { use: SpecialUse; missing: ErrorReason; name: string }>> =
  {
    trash: { use: 'trash', missing: 'trashFolderNotSet', name: 'Trash' },
    archive: { use: 'archive', missing: 'archiveFolderNotSet', name: 'Archive' },
    spam: { use: 'junk', missing: 'junkFolderNotSet', name: 'Junk' },
    notspam: { use: 'inbox', missing: 'folderNotFound', name: 'Inbox' },
  };

/**
 * Mass actions: one UID STORE / UID MOVE / UID EXPUNGE per folder on a
 * compressed UID set, never a command per message (mass-action-folder.ts). '*' is resolved to the
 * folder's UIDs first (UID SEARCH ALL), so mail arriving meanwhile is not moved or deleted unseen.
 */
export class MassActionsService {
  private readonly lists: FolderLists;

  constructor(
    private readonly mailboxes: MailboxesService,
    sortedUids: SortedUidsCache,
  ) {
    this.lists = new FolderLists(sortedUids);
  }

  async run(mail: MailSession, request: MassActionRequest): Promise<MassActionResponse> {
    if (request.context === 'searchAll') {
      const message = 'Mass actions on search results go to POST /search/massAction';
      throw validationError({ context: [{ code: 'notAllowed', message }] }, 'searchNotAvailable');
    }
    return this.execute(mail, request, request.messages, []);
  }

  /**
   * For the search feature: chosen messages (`messages`, named by UID) and, per folder,
   * every message matching a search's criteria (`matches`), with the same checks, order and answer as `run`.
   */
  async runOnMatches(
    mail: MailSession,
    request: Pick<MassActionRequest, 'action' | 'moveToTarget'>,
    messages: MassActionRequest['messages'],
    matches: Array<{ mailboxId: string; criteria: Criteria }>,
  ): Promise<MassActionResponse> {
    return this.execute(mail, request, messages, matches);
  }

  private async execute(
    mail: MailSession,
    request: Pick<MassActionRequest, 'action' | 'moveToTarget'>,
    refs: MassActionRequest['messages'],
    matches: Array<{ mailboxId: string; criteria: Criteria }>,
  ): Promise<MassActionResponse> {
    if (refs.length === 0 && matches.length === 0) {
      const message = 'Select at least one message';
      throw validationError({ messages: [{ code: 'noMessagesSelected', message }] }, 'noMessagesSelected');
    }
    // Everything is checked before anything changes: an unknown folder must not leave half a job done.
    const { sources, target } = await this.resolve(mail, request, refs, matches);
    // The target's own messages first: mail moved in from other folders must not be counted (or searched) again
    // when a search's matches in the target are resolved.
    if (target) sources.sort((a, b) => Number(b.path === target.path) - Number(a.path === target.path));
    const folders: FolderResult[] = [];
    const moved: Moved[] = [];
    for (const source of sources) {
      const key = `${mail.account.id}:${source.path}`;
      await mail.inPath(source.path, async (folder) => {
        const { result, move } = await applyToFolder(folder, request.action, source, target, this.lists, key);
        folders.push(result);
        if (move) moved.push(move);
      });
    }
    // Moved-in mail keeps its old arrival time, so the target's list is sorted again when next opened.
    if (target && !isFlagAction(request.action)) this.lists.forget(`${mail.account.id}:${target.path}`);
    if (target || request.action === 'delete') this.mailboxes.quotaChanged(mail.account);
    return {
      action: request.action,
      total: folders.reduce((n, f) => n + f.total, 0),
      handled: folders.reduce((n, f) => n + f.handled, 0),
      folders,
      moved,
    };
  }

  private async resolve(
    mail: MailSession,
    request: Pick<MassActionRequest, 'action' | 'moveToTarget'>,
    refs: MassActionRequest['messages'],
    matches: Array<{ mailboxId: string; criteria: Criteria }>,
  ) {
    const listing = await this.mailboxes.listing(mail);
    const byId = new Map([...listing.records.values()].map((r) => [r.id, r.path]));
    const special = new Map<SpecialUse, string>();
    for (const [use, path] of this.mailboxes.specialUses(listing)) special.set(use, path);
    const pathOf = (mailboxId: string) => {
      const path = byId.get(mailboxId);
      if (!path || !listing.entries.some((e) => e.path === path)) throw notFound('Folder', 'folderNotFound');
      return path;
    };
    const sources = sourcesOf(refs, matches, pathOf);
    const idOf = (path: string) => listing.records.get(path)?.id ?? path;
    let target: Target | null = null;
    if (request.action === 'move') {
      const path = byId.get(request.moveToTarget ?? '');
      if (!path || !listing.entries.some((e) => e.path === path)) {
        throw notFound('Target folder', 'folderNotFound');
      }
      target = { mailboxId: idOf(path), path };
    }
    const special404 = moveTargets[request.action];
    if (special404) {
      const path = special.get(special404.use);
      if (!path) {
        throw refusal('Forbidden', 403, special404.missing, `The account has no ${special404.name} folder`);
      }
      target = { mailboxId: idOf(path), path };
    }
    if (request.action === 'notspam' && sources.some((s) => s.path !== special.get('junk'))) {
      const message = 'Only messages in Junk can be marked as not spam';
      throw validationError({ messages: [{ code: 'notSpamOnlyInJunk', message }] });
    }
    if (request.action === 'delete') {
      const allowed = new Set([special.get('trash'), special.get('junk')]);
      if (sources.some((s) => !allowed.has(s.path))) {
        const message = 'Messages can be deleted forever only in Trash or Junk';
        throw refusal('Forbidden', 403, 'deleteOnlyInTrashOrJunk', message);
      }
    }
    return { sources, target };
  }
}

/** The chosen messages grouped by folder, and a search's matches in a folder as one more source there. */
function sourcesOf(
  refs: MassActionRequest['messages'],
  matches: Array<{ mailboxId: string; criteria: Criteria }>,
  pathOf: (mailboxId: string) => string,
): Source[] {
  const groups = new Map<string, Source>();
  for (const ref of refs) {
    const path = pathOf(ref.mailboxId);
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
  // A search's matches in a folder are one more source there (chosen messages of it are acted on too).
  for (const match of matches) {
    const path = pathOf(match.mailboxId);
    sources.push({
      mailboxId: match.mailboxId,
      path,
      all: false,
      uids: new Set(),
      criteria: match.criteria,
    });
  }
  return sources;
}
