import type { ImapFlow } from 'imapflow';
import { countMessages, openImap } from '../imap-session.js';
import type { Mailstack } from '../mailstack.types.js';
import { runScript } from '../run-script.js';
import { scriptTargetOf } from '../start-mailstack.js';
import { BULK_COUNT, BULK_FOLDER, bulkArchiveItems } from './bulk-folder.js';
import { SEED_VERSION, composeAll, scenarioAnchor } from './compose.js';
import { deliverScenario } from './deliver-scenario.js';
import { demoDrafts } from './demo-drafts.js';
import { demoNewsletters } from './demo-newsletters.js';
import { DEMO_ACCOUNTS, alice } from './demo-people.js';
import { demoTeamMail } from './demo-team-mail.js';
import { demoThreads } from './demo-threads.js';
import { fileDeliveredMail } from './file-messages.js';
import { multiAppend } from './imap-multiappend.js';
import { appendOrThrow, emptyAccount, ensureMailbox } from './mailbox-ops.js';
import { readSeedMarker, writeSeedMarker } from './seed-marker.js';

type BulkItems = Parameters<typeof multiAppend>[1];

export interface FolderStats {
  path: string;
  messages: number;
  unseen: number;
}

export interface SeedReport {
  /** True when the marker showed the demo data already present (nothing was sent). */
  skipped: boolean;
  durationMs: number;
  /** Timings of the steps of a full run, in ms. */
  steps: Record<string, number>;
  folders: Record<string, FolderStats[]>;
}

export interface SeedOptions {
  /** Size of alice's bulk list folder; tests may use fewer. */
  bulkCount?: number;
  /**
   * Full-text indexing of the bulk folder, which is excluded from autoindexing (fts-xapian
   * indexes ~100 messages/s, so 5,000 take ~50 s of one core). 'queue' (default) hands it to
   * Dovecot's indexer in the background; 'wait' indexes before returning; 'skip' leaves it
   * to the first search in that folder (which then takes as long).
   */
  indexBulk?: 'queue' | 'wait' | 'skip';
  log?: (line: string) => void;
}

/**
 * Seeds the three demo accounts through the real delivery path. Idempotent: a marker in the
 * state dir (plus a non-empty INBOX for alice) makes a second run a quick no-op, and a run
 * that was interrupted is cleaned up and repeated rather than duplicated.
 */
export async function seedDemo(stack: Mailstack, opts: SeedOptions = {}): Promise<SeedReport> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const bulkCount = opts.bulkCount ?? BULK_COUNT;
  const steps: Record<string, number> = {};
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t = Date.now();
    const result = await run();
    steps[name] = Date.now() - t;
    log(`${name}: ${steps[name]} ms`);
    return result;
  };

  const accounts = Object.values(DEMO_ACCOUNTS);
  // add-user.sh is an upsert: it creates missing users and resets the demo passwords.
  await step('users', () => Promise.all(accounts.map((a) => stack.addUser(a.email, a.password))));
  const sessions = new Map<string, ImapFlow>();
  try {
    for (const a of accounts) sessions.set(a.email, await openImap(stack, a.email, a.password));
    const aliceSession = sessions.get(alice.email)!;

    const marker = await readSeedMarker(stack.dir);
    if (marker && (await countMessages(aliceSession, 'INBOX')) > 0) {
      log(`already seeded (${marker.version} at ${marker.seededAt})`);
      return { skipped: true, durationMs: Date.now() - started, steps, folders: await folderStats(sessions) };
    }

    await step('reset', async () => {
      for (const client of sessions.values()) await emptyAccount(client);
    });
    const now = Date.now();
    const anchor = scenarioAnchor(now);
    const composed = await step('compose', () =>
      composeAll([...demoThreads(), ...demoTeamMail(), ...demoNewsletters()], anchor),
    );
    await step('deliver', () => deliverScenario(stack, composed, sessions));
    await step('file', async () => {
      for (const [email, client] of sessions) await fileDeliveredMail(client, email, composed);
    });
    await step('drafts', () => appendDrafts(sessions, anchor));
    const items = await step('bulk-compose', () => bulkArchiveItems(alice, now, bulkCount));
    await step('bulk-append', () => appendBulk(stack, aliceSession, items));
    const indexMode = opts.indexBulk ?? 'queue';
    if (indexMode !== 'skip') await step(`bulk-index-${indexMode}`, () => indexBulk(stack, indexMode));
    await writeSeedMarker(stack.dir, {
      version: SEED_VERSION,
      seededAt: new Date(now).toISOString(),
      bulkCount,
    });
    return { skipped: false, durationMs: Date.now() - started, steps, folders: await folderStats(sessions) };
  } finally {
    await Promise.allSettled([...sessions.values()].map((client) => client.logout()));
  }
}

/** The demo drafts, each appended to its owner's Drafts folder as a seen draft. */
async function appendDrafts(sessions: Map<string, ImapFlow>, anchor: number): Promise<void> {
  const drafts = demoDrafts();
  const built = await composeAll(
    drafts.map((d) => d.message),
    anchor,
  );
  for (const item of built) {
    const owner = drafts.find((d) => d.message.key === item.message.key)!.owner;
    await appendOrThrow(sessions.get(owner)!, 'Drafts', item.raw, ['\\Draft', '\\Seen'], item.date);
  }
}

/** alice's bulk list folder, appended in one MULTIAPPEND session. */
async function appendBulk(stack: Mailstack, aliceSession: ImapFlow, items: BulkItems): Promise<void> {
  await ensureMailbox(aliceSession, BULK_FOLDER);
  await multiAppend(
    {
      host: stack.host,
      port: stack.ports.imap,
      user: alice.email,
      pass: DEMO_ACCOUNTS.alice.password,
      mailbox: BULK_FOLDER,
    },
    items,
  );
}

/** Full-text indexing of the bulk folder, queued to Dovecot's indexer or waited for. */
function indexBulk(stack: Mailstack, mode: 'queue' | 'wait'): Promise<string> {
  const args = ['index', ...(mode === 'queue' ? ['-q'] : []), '-u', alice.email, BULK_FOLDER];
  return runScript('doveadm.sh', args, scriptTargetOf(stack));
}

/** LIST-STATUS per account: every selectable folder with its message and unseen counts. */
async function folderStats(sessions: Map<string, ImapFlow>): Promise<Record<string, FolderStats[]>> {
  const result: Record<string, FolderStats[]> = {};
  for (const [email, client] of sessions) {
    const boxes = await client.list({ statusQuery: { messages: true, unseen: true } });
    result[email] = boxes
      .filter((box) => !box.flags.has('\\Noselect'))
      .map((box) => ({
        path: box.path,
        messages: box.status?.messages ?? 0,
        unseen: box.status?.unseen ?? 0,
      }));
  }
  return result;
}
