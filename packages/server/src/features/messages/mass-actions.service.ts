import type { ImapFlow } from 'imapflow';
import type { MassActionName, MassActionRequest, MassActionResponse, SpecialUse } from '@webmail/contracts';
import { AppError, notFound } from '../../infra/errors.js';
import { withMailbox } from '../../mail/imap/imap-commands.js';
import { compressUids } from '../../mail/imap/uid-set.js';
import type { AuthService, SessionContext } from '../auth/auth.service.js';
import { specialUseOf } from '../mailboxes/folder-tree.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import type { SortedUidsCache } from './sorted-uids-cache.js';

interface Source {
  mailboxId: string;
  path: string;
  all: boolean;
  uids: Set<number>;
}
interface Target {
  mailboxId: string;
  path: string;
}
type FolderResult = MassActionResponse['folders'][number];
type Moved = MassActionResponse['moved'][number];

const flagChanges: Partial<Record<MassActionName, { flag: string; add: boolean }>> = {
  flagged: { flag: '\\Flagged', add: true },
  unflag: { flag: '\\Flagged', add: false },
  seen: { flag: '\\Seen', add: true },
  unseen: { flag: '\\Seen', add: false },
};
/** Actions that move to a special-use folder, and the 403 message when the account has none. */
const moveTargets: Partial<Record<MassActionName, { use: SpecialUse; missing: string }>> = {
  trash: { use: 'trash', missing: 'trashFolderNotSet' },
  archive: { use: 'archive', missing: 'archiveFolderNotSet' },
  spam: { use: 'junk', missing: 'junkFolderNotSet' },
  notspam: { use: 'inbox', missing: 'inboxFolderNotSet' },
};

/**
 * Mass actions (spec §3/§4, architecture §4): one UID STORE / UID MOVE / UID EXPUNGE per folder on a
 * compressed UID set, never a command per message. '*' is resolved to the folder's UIDs first (UID SEARCH
 * ALL), so mail arriving meanwhile is not moved or deleted unseen.
 */
export class MassActionsService {
  constructor(
    private readonly auth: AuthService,
    private readonly mailboxes: MailboxesService,
    private readonly sortedUids: SortedUidsCache,
  ) {}

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
      await withMailbox(client, source.path, async () => {
        const uids = await existingUids(client, source);
        const set = compressUids(uids);
        const result: FolderResult = {
          mailboxId: source.mailboxId,
          total: uids.length,
          handled: 0,
          handledUidSet: '',
          changedUidSet: '',
        };
        if (uids.length > 0) {
          const move = await this.apply(client, request.action, set, source, target);
          if (move) moved.push(move);
          result.handled = uids.length;
          result.handledUidSet = set;
          result.changedUidSet = set;
        }
        folders.push(result);
      });
      this.sortedUids.forget(`${session.id}:${source.path}`);
    }
    if (target) this.sortedUids.forget(`${session.id}:${target.path}`);
    if (target || request.action === 'delete') this.mailboxes.quotaChanged(session);
    return {
      action: request.action,
      total: folders.reduce((n, f) => n + f.total, 0),
      handled: folders.reduce((n, f) => n + f.handled, 0),
      folders,
      moved,
    };
  }

  private async apply(
    client: ImapFlow,
    action: MassActionName,
    set: string,
    source: Source,
    target: Target | null,
  ): Promise<Moved | null> {
    const flag = flagChanges[action];
    if (flag) {
      // imapflow answers a NO with `false`; that must not pass as success.
      const ok = flag.add
        ? await client.messageFlagsAdd(set, [flag.flag], { uid: true })
        : await client.messageFlagsRemove(set, [flag.flag], { uid: true });
      if (!ok) throw refused();
      return null;
    }
    if (action === 'delete') {
      // STORE \Deleted + UID EXPUNGE of exactly this set (UIDPLUS), not a plain EXPUNGE of the folder.
      if (!(await client.messageDelete(set, { uid: true }))) throw refused();
      return null;
    }
    if (!target) throw new AppError('Internal', 500, 'A move without a target folder');
    if (target.path === source.path) return null;
    const result = await client.messageMove(set, target.path, { uid: true });
    if (!result) throw refused();
    return { from: source.mailboxId, to: target.mailboxId, uidMap: toUidMap(result.uidMap) };
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

/** The addressed UIDs that still exist (one UID SEARCH per folder). */
async function existingUids(client: ImapFlow, source: Source): Promise<number[]> {
  if (!source.all && source.uids.size === 0) return [];
  const found = await client.search(source.all ? { all: true } : { uid: compressUids(source.uids) }, {
    uid: true,
  });
  if (!found) throw refused();
  return found;
}

/**
 * COPYUID pairs as two parallel compressed sets, sorted by source UID. That only works while destination
 * UIDs ascend with source UIDs (servers assign them in that order); otherwise no map rather than a wrong one.
 */
function toUidMap(map: Map<number, number> | undefined): Moved['uidMap'] {
  if (!map || map.size === 0) return null;
  const pairs = [...map].sort((a, b) => a[0] - b[0]);
  if (pairs.some((p, i) => i > 0 && p[1] <= pairs[i - 1]![1])) return null;
  return { source: compressUids(pairs.map((p) => p[0])), destination: compressUids(pairs.map((p) => p[1])) };
}

const refused = () => new AppError('MailServerError', 502, 'The mail server did not carry out the action');
