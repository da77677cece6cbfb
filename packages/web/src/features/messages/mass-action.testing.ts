import {
  flattenFolders,
  type ApiError,
  type ErrorReason,
  type Folder,
  type MassActionRequest,
  type MassActionResponse,
  type MessageSummary,
  type SpecialUse,
} from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import type { MailState } from '../../test/api-handlers.testing';

const specialTargets: Partial<Record<MassActionRequest['action'], SpecialUse>> = {
  trash: 'trash',
  archive: 'archive',
  spam: 'junk',
  notspam: 'inbox',
};
/** The reason the server gives when the target of a special-use action is missing. */
const missingFolderReasons: Partial<Record<SpecialUse, ErrorReason>> = {
  archive: 'archiveFolderNotSet',
  trash: 'trashFolderNotSet',
  junk: 'junkFolderNotSet',
};
const flags: Partial<Record<MassActionRequest['action'], ['seen' | 'flagged', boolean]>> = {
  seen: ['seen', true],
  unseen: ['seen', false],
  flagged: ['flagged', true],
  unflag: ['flagged', false],
};

/** A UID set as the server writes it (here simply comma-separated, which is a valid IMAP set). */
const uidSet = (uids: number[]) => [...uids].sort((a, b) => a - b).join(',');

class Refusal {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {}
}

function folderOf(state: MailState, id: string): Folder {
  const folder = flattenFolders(state.tree).find((candidate) => candidate.id === id);
  if (!folder) throw new Refusal(404, { code: 'NotFound', message: 'Folder not found' });
  return folder;
}

function moveRows(state: MailState, source: Folder, target: Folder, rows: MessageSummary[]) {
  const targetRows = (state.messages[target.id] ??= []);
  const next = Math.max(1000, ...targetRows.map((row) => row.id)) + 1;
  const moved = rows.map((row, index) => ({ ...row, id: next + index, mailbox: target.id }));
  targetRows.unshift(...moved);
  target.total += rows.length;
  target.unseen += rows.filter((row) => !row.seen).length;
  return {
    from: source.id,
    to: target.id,
    uidMap: { source: uidSet(rows.map((r) => r.id)), destination: uidSet(moved.map((r) => r.id)) },
  };
}

/** What the real server does to the mail state (contracts `MassActionResponse`), in memory. */
function apply(state: MailState, request: MassActionRequest): MassActionResponse {
  const mailboxId = request.messages[0]?.mailboxId;
  if (!mailboxId)
    throw new Refusal(422, {
      code: 'ValidationError',
      reason: 'noMessagesSelected',
      message: 'No messages selected',
      errors: { messages: ['No messages selected'] },
      fieldErrors: { messages: [{ code: 'noMessagesSelected' }] },
    });
  const source = folderOf(state, mailboxId);
  const all = state.messages[mailboxId] ?? [];
  const wanted = new Set(request.messages.map((ref) => ref.messageId));
  const rows = all.filter((row) => wanted.has('*') || wanted.has(row.id));
  const handledUidSet = uidSet(rows.map((row) => row.id));
  const result = {
    mailboxId,
    total: rows.length,
    handled: rows.length,
    handledUidSet,
    changedUidSet: handledUidSet,
  };
  const response: MassActionResponse = {
    action: request.action,
    total: rows.length,
    handled: rows.length,
    folders: [result],
    moved: [],
  };

  const flag = flags[request.action];
  if (flag) {
    const [name, value] = flag;
    const changed = rows.filter((row) => row[name] !== value);
    for (const row of changed) row[name] = value;
    if (name === 'seen') source.unseen += value ? -changed.length : changed.length;
    result.changedUidSet = uidSet(changed.map((row) => row.id));
    return response;
  }
  const use = specialTargets[request.action];
  const target = use ? flattenFolders(state.tree).find((folder) => folder.specialUse === use) : undefined;
  if (use && !target) {
    const reason = missingFolderReasons[use];
    const message = `The account has no ${use} folder`;
    throw new Refusal(403, { code: 'Forbidden', ...(reason ? { reason } : {}), message });
  }
  state.messages[mailboxId] = all.filter((row) => !rows.includes(row));
  source.total -= rows.length;
  source.unseen -= rows.filter((row) => !row.seen).length;
  const to = target ?? (request.moveToTarget ? folderOf(state, request.moveToTarget) : undefined);
  if (to) response.moved.push(moveRows(state, source, to, rows));
  return response;
}

/**
 * POST /api/u/{i}/mailbox/massAction over the same in-memory state as `mailApi` (test/api-handlers.testing.ts), so
 * the refetch after an action shows what the server would. `hold()` keeps the next answers back until
 * `release()` (to look at the optimistic state); `failWith()` answers the next request with an error.
 */
export function massActionServer(state: MailState) {
  const requests: MassActionRequest[] = [];
  let gate: Promise<void> | null = null;
  let open = () => {};
  let failure: Refusal | null = null;

  const handler = http.post('/api/u/:userIndex/mailbox/massAction', async ({ request }) => {
    const body = (await request.json()) as MassActionRequest;
    requests.push(body);
    if (gate) await gate;
    const refusal = failure;
    failure = null;
    try {
      if (refusal) throw refusal;
      return HttpResponse.json(apply(state, body));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return HttpResponse.json(error.body, { status: error.status });
    }
  });

  return {
    handler,
    requests,
    hold: () => {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => {
      gate = null;
      open();
    },
    failWith: (status: number, body: ApiError) => {
      failure = new Refusal(status, body);
    },
  };
}

/**
 * Conversation-mode answers (`mode=conversations`) from the rows given; other requests fall through to mailApi.
 * `modes` records the mode of every list request, in order.
 */
export function conversationListApi(rows: Record<string, MessageSummary[]>) {
  const modes: (string | null)[] = [];
  const handler = http.get('/api/u/:userIndex/mailbox/:mailboxId/messages', ({ request, params }) => {
    const mode = new URL(request.url).searchParams.get('mode');
    modes.push(mode);
    if (mode !== 'conversations') return undefined;
    const all = rows[String(params.mailboxId)] ?? [];
    return HttpResponse.json({ total: all.length, offset: 0, messages: all });
  });
  return { handler, modes };
}
