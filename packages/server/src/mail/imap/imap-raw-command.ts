import type { ImapFlow } from 'imapflow';
import { decodePath } from 'imapflow/lib/tools.js';
import { AppError } from '../../infra/errors.js';
import { untaggedKeyword } from './raw-reply-parser.js';
import { noteFlagsChanged } from './selected-folder.js';
import { imapOf, type ImapTarget } from './imap-handle.js';
import { MailServerRefusal } from './mail-refusal.js';

/**
 * The one place that reaches into imapflow 2.1.2's internals (the IMAP library stays wrapped in one
 * module). It runs a command on the user's persistent connection and hands chosen untagged replies to
 * our own parsers as raw bytes, because imapflow's generic parser is the bottleneck for big replies:
 * ~350 ms for a 100k-UID SORT, minutes for a 100k ESORT `RETURN (ALL)`, a silently dropped ESORT
 * `PARTIAL`, and one parse + event per `* n FETCH` line of a 100,000-message STORE.
 *
 * How: imapflow reads each framed response from its ImapStream in `reader()` and passes it to
 * `this.handleResponse(data)`, which parses it and dispatches it. We wrap `handleResponse` on the
 * instance: while the command on the wire (`currentRequest`, only after it was actually `sent`) is one of
 * ours and the line is an untagged response whose keyword we asked for, the raw `{payload, literals}`
 * goes to our handler and imapflow never parses it. Every other line — the tagged completion, EXISTS,
 * EXPUNGE, unsolicited FETCH, other commands' replies — takes imapflow's normal path, so its state
 * (selected mailbox, counts, events) stays right. The command itself still goes through `exec()`: tag,
 * queueing behind other commands, literals and NO/BAD handling are imapflow's.
 *
 * Rejected alternatives: a second connection per request (an extra LOGIN, where the webmail keeps one
 * persistent connection per session); writing to the socket ourselves (we would race imapflow's tag
 * counter and queue); tapping the ImapStream (imapflow would still parse the same line).
 */

/** Gets one untagged reply's bytes and the tag of the command it answers (ESEARCH replies name it). */
export type RawHandler = (payload: Buffer, literals: Buffer[], tag: string) => void;

interface RawState {
  handlers: Record<string, RawHandler>;
  error: unknown;
}

interface StreamItem {
  payload?: Buffer;
  literals?: Buffer[];
}

/** The imapflow internals used here, checked at run time so an upgrade fails loudly, not silently. */
interface FlowInternals {
  handleResponse: (data: StreamItem) => Promise<boolean>;
  exec: (
    command: string,
    attributes: ImapArg[],
    options: Record<string | symbol, unknown>,
  ) => Promise<{ next: () => void; response?: unknown }>;
  currentRequest: false | { tag: string; sent?: boolean; options?: Record<string | symbol, unknown> };
  preCheck?: false | (() => Promise<void>);
}

/**
 * imapflow's command-compiler input: atoms (with a `[section]`), sequence sets, strings (sent quoted, `"` and `\`
 * escaped; imapflow refuses CR, LF and NUL in them), literals (`{n+}` with LITERAL+, else a synchronising
 * literal imapflow waits for) and lists.
 */
export type ImapArg =
  | { type: 'ATOM' | 'SEQUENCE' | 'STRING'; value: string; section?: ImapArg[] }
  | { type: 'LITERAL'; value: Buffer }
  | ImapArg[];

export const atom = (value: string): ImapArg => ({ type: 'ATOM', value });
export const sequence = (value: string): ImapArg => ({ type: 'SEQUENCE', value });
export const list = (...items: ImapArg[]): ImapArg => items;

const rawKey = Symbol('webmail.rawUntagged');
const hooked = new WeakSet<object>();

function internalsOf(client: ImapFlow): FlowInternals {
  const flow = client as unknown as FlowInternals;
  if (typeof flow.handleResponse !== 'function' || typeof flow.exec !== 'function') {
    throw new Error('imapflow internals changed (handleResponse/exec): update imap-raw-command.ts');
  }
  if (!hooked.has(client)) {
    const original = flow.handleResponse;
    flow.handleResponse = function (this: FlowInternals, data: StreamItem): Promise<boolean> {
      const request = flow.currentRequest;
      const state = request && request.sent ? (request.options?.[rawKey] as RawState | undefined) : undefined;
      const payload = data?.payload;
      if (state && payload && payload[0] === 0x2a) {
        const keyword = untaggedKeyword(payload);
        const handler = keyword ? state.handlers[keyword] : undefined;
        if (handler) {
          // A parse failure must not stop the reader loop: keep it and throw once the command completes.
          if (!state.error) {
            try {
              handler(payload, data.literals ?? [], (request as { tag: string }).tag);
            } catch (err) {
              state.error = err;
            }
          }
          return Promise.resolve(true);
        }
      }
      return original.call(this, data);
    };
    hooked.add(client);
  }
  return flow;
}

/**
 * Runs `command args` on the selected connection; untagged replies named in `handlers` (e.g. `SORT`,
 * `ESEARCH`, `FETCH`) go to them as raw bytes. A NO/BAD, a closed connection or a reply a handler cannot
 * parse throws (502); nothing ends as a silent empty result. Call it under the folder lock (withMailbox).
 */
export async function rawCommand(
  target: ImapTarget,
  command: string,
  args: ImapArg[],
  handlers: Record<string, RawHandler>,
): Promise<void> {
  const client = imapOf(target);
  const flow = internalsOf(client);
  // Like imapflow's own run(): an IDLE in progress must end (DONE) first, or this command would queue
  // behind the IDLE forever. exec() does not do this by itself.
  if (typeof flow.preCheck === 'function') await flow.preCheck();
  // Unsolicited `* n FETCH (FLAGS …)` lines report other sessions' flag changes; after someone marks a
  // 100,000-message folder read they arrive in one burst, which imapflow would parse line by line for
  // seconds. Unless the command reads FETCH itself, they are only counted: the folder's flags changed.
  let flagNews = 0;
  const state: RawState = { handlers: { FETCH: () => (flagNews += 1), ...handlers }, error: null };
  let response: { next: () => void };
  try {
    response = await flow.exec(command, args, { [rawKey]: state });
  } catch (err) {
    // The server's own words (e.g. "Error in IMAP command UID SEARCH: Invalid UID messageset") stay on
    // `cause`, which the error handler logs; the client never sees them.
    throw new MailServerRefusal(command, err);
  }
  // Releases imapflow's reader: it waits for this before dispatching the next queued command.
  response.next();
  if (flagNews > 0) noteFlagsChanged(client);
  if (state.error) {
    const failure = new AppError('MailServerError', 502, `Could not read the reply to ${command}`);
    failure.cause = state.error;
    throw failure;
  }
}

/** An untagged reply as imapflow parsed it: `* STATUS "INBOX" (MESSAGES 3 …)` → command STATUS, attributes. */
export interface ParsedUntagged {
  command: string;
  attributes?: unknown[];
}

interface ParsedInternals {
  untaggedHandlers: Record<string, ((untagged: ParsedUntagged) => Promise<void> | void) | null | undefined>;
}

/**
 * Untagged replies the server sends on its own, outside any command: with NOTIFY (RFC 5465) `* STATUS` of a
 * folder that changed and `* LIST` of one created, renamed or deleted. imapflow ignores keywords it has no
 * handler for; this installs one on the connection. A command's own handler for the keyword (imapflow's
 * `status()`, `list()`) still takes precedence while it runs.
 */
export function onUnsolicited(
  client: ImapFlow,
  keyword: 'STATUS' | 'LIST',
  handler: (untagged: ParsedUntagged) => void,
): void {
  const flow = client as unknown as ParsedInternals;
  if (typeof flow.untaggedHandlers !== 'object' || flow.untaggedHandlers === null) {
    throw new Error('imapflow internals changed (untaggedHandlers): update imap-raw-command.ts');
  }
  flow.untaggedHandlers[keyword] = (untagged) => handler(untagged);
}

/**
 * Runs a command imapflow does not know (NOTIFY), with imapflow's own parser for its untagged replies
 * (`untagged`: keyword → handler). A NO/BAD throws 502.
 */
export async function parsedCommand(
  client: ImapFlow,
  command: string,
  args: ImapArg[],
  untagged: Record<string, (untagged: ParsedUntagged) => void> = {},
): Promise<void> {
  const flow = internalsOf(client);
  if (typeof flow.preCheck === 'function') await flow.preCheck();
  let response: { next: () => void };
  try {
    response = await flow.exec(command, args, { untagged });
  } catch (err) {
    throw new MailServerRefusal(command, err);
  }
  response.next();
}

/** A mailbox name as the server wrote it (modified UTF-7 unless UTF8=ACCEPT is on) → the path imapflow uses. */
export function decodeMailboxName(client: ImapFlow, name: string): string {
  return decodePath(client, name);
}
