import { snoozeMaxMs, type SnoozedItem, type SnoozedList, type SnoozeInput } from '@webmail/contracts';
import { randomToken } from '../../infra/crypto.js';
import { notFound, refusal, validationError } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { Clock } from '../../infra/test-clock.js';
import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { FolderListing, MailboxesService } from '../mailboxes/mailboxes.service.js';
import type { SnoozedRow, SnoozeRepository } from './snooze.repository.js';
import { snoozedFolderPath } from './snoozed-folder.js';
import { wakeRows } from './snooze-wake.js';
import type { WokenRepository } from './woken.repository.js';

export interface SnoozeServiceDeps {
  repo: SnoozeRepository;
  /** Where woken messages went: their folder's list shows them on top for a while. */
  woken: Pick<WokenRepository, 'record'>;
  mailboxes: Pick<MailboxesService, 'listing' | 'specialUses'>;
  folderIds: Pick<FolderIdsRepository, 'withSpecialUse' | 'markSpecialUse'>;
  publish: PublishEvent;
  clock: Clock;
  /** Delegated mail access: snoozed mail can wake while its owner is signed out. */
  available: boolean;
  /** How long a wake's claim holds before another process may take the rows over. */
  claimLeaseMs: number;
  node: string;
}

/**
 * Snooze (the IETF email-snooze draft's model): messages move to the snoozed mailbox with an awaken time and a
 * target mailbox (the folder they came from); at the time they return there with `\Seen` removed. Used by the
 * routes (a user's session) and the wake job (the owner's delegated door).
 */
export class SnoozeService {
  constructor(private readonly deps: SnoozeServiceDeps) {}

  async list(mail: MailSession): Promise<SnoozedList> {
    const folder = await this.deps.folderIds.withSpecialUse(mail.email, 'snoozed');
    const rows = await this.deps.repo.list(mail.email);
    return { mailboxId: folder?.id ?? null, items: folder ? rows.map((r) => itemOf(r, folder.id)) : [] };
  }

  async snooze(mail: MailSession, input: SnoozeInput): Promise<SnoozedList> {
    this.assertAvailable();
    const now = this.deps.clock.now();
    const wakeAt = this.wakeTime(input.wakeAt, now);
    const listing = await this.deps.mailboxes.listing(mail);
    const sources = groupByFolder(input.messages, listing);
    const snoozedPath = await snoozedFolderPath(mail, listing, this.deps.folderIds, (mailboxId) =>
      this.deps.publish(mail.email, { command: 'folderCreate', mailboxId }),
    );
    if (sources.some((s) => s.path === snoozedPath)) {
      const message = 'These messages are snoozed already: change their time instead';
      throw validationError({ messages: [{ code: 'notAllowed', message }] }, 'snoozeFromSnoozed');
    }
    const uidValidity = String(
      (await listing.connection.status(snoozedPath, { uidValidity: true })).uidValidity,
    );
    const rows: SnoozedRow[] = [];
    for (const source of sources) {
      await mail.inPath(source.path, async (folder) => {
        const found = await folder.fetchAll([...source.uids], { uid: true, envelope: true });
        if (!found.length) return;
        const { uidMap } = await folder.move(
          found.map((m) => m.uid),
          snoozedPath,
        );
        for (const message of found) {
          const uid = uidMap?.get(message.uid);
          if (uid === undefined) continue;
          rows.push({
            id: randomToken(12),
            account: mail.email,
            uid,
            uidValidity,
            messageId: message.envelope?.messageId ?? null,
            subject: (message.envelope?.subject ?? '').slice(0, 500),
            wakeAt,
            targetMailboxId: source.mailboxId,
          });
        }
      });
    }
    if (!rows.length) throw notFound('Message', 'messageNotFound');
    await this.deps.repo.insert(rows, now);
    this.changed(mail.email);
    return this.list(mail);
  }

  async change(mail: MailSession, id: string, wakeAtText: string): Promise<SnoozedItem> {
    this.assertAvailable();
    const wakeAt = this.wakeTime(wakeAtText, this.deps.clock.now());
    if (!(await this.deps.repo.reschedule(mail.email, id, wakeAt))) throw snoozedNotFound();
    const item = (await this.list(mail)).items.find((i) => i.id === id);
    if (!item) throw snoozedNotFound();
    this.changed(mail.email);
    return item;
  }

  /** Wakes one snoozed message now, through the user's own session. */
  async unsnooze(mail: MailSession, id: string): Promise<void> {
    if (!(await this.deps.repo.find(mail.email, id))) throw snoozedNotFound();
    const now = this.deps.clock.now();
    const claimant = `${this.deps.node}:${randomToken(6)}`;
    const rows = await this.deps.repo.claimDue(mail.email, now, now - this.deps.claimLeaseMs, claimant, [id]);
    // None: the wake job holds it right now, and it is waking anyway.
    if (rows.length) await this.wake(mail, rows);
  }

  /** Moves claimed rows' messages back to their folders, unread; the rows go (or are released on failure). */
  async wake(mail: MailSession, rows: SnoozedRow[]): Promise<number> {
    try {
      const { moved, woken } = await wakeRows(mail, rows, this.deps);
      await this.deps.woken.record(woken, this.deps.clock.now());
      await this.deps.repo.remove(rows.map((r) => r.id));
      this.changed(mail.email);
      return moved;
    } catch (err) {
      await this.deps.repo.release(rows.map((r) => r.id));
      throw err;
    }
  }

  private changed(account: string): void {
    this.deps.publish(account, { command: 'snoozedUpdated' });
  }

  private assertAvailable(): void {
    if (this.deps.available) return;
    const message = 'Snooze needs MAIL_ACCESS=delegated: messages must wake while their owner is signed out';
    throw refusal('Forbidden', 403, 'snoozeUnavailable', message);
  }

  private wakeTime(text: string, now: number): number {
    const wakeAt = Date.parse(text);
    if (wakeAt <= now) {
      throw validationError({ wakeAt: [{ code: 'snoozeInPast', message: 'The time has already passed' }] });
    }
    if (wakeAt > now + snoozeMaxMs) {
      throw validationError({
        wakeAt: [{ code: 'snoozeTooFar', message: 'Choose a time within five years' }],
      });
    }
    return wakeAt;
  }
}

const snoozedNotFound = () => notFound('Snoozed message', 'snoozedNotFound');

const itemOf = (row: SnoozedRow, mailboxId: string): SnoozedItem => ({
  id: row.id,
  mailboxId,
  messageId: row.uid,
  messageIdHeader: row.messageId,
  subject: row.subject,
  wakeAt: new Date(row.wakeAt).toISOString(),
  targetMailboxId: row.targetMailboxId,
});

/** The chosen messages per folder; an unknown folder is a 404 before anything moves. */
function groupByFolder(
  refs: SnoozeInput['messages'],
  listing: Pick<FolderListing, 'entries' | 'records'>,
): Array<{ mailboxId: string; path: string; uids: Set<number> }> {
  const present = new Set(listing.entries.map((e) => e.path));
  const records = [...listing.records.values()].filter((r) => present.has(r.path));
  const byId = new Map(records.map((r) => [r.id, r.path]));
  const groups = new Map<string, { mailboxId: string; path: string; uids: Set<number> }>();
  for (const ref of refs) {
    const path = byId.get(ref.mailboxId);
    if (!path) throw notFound('Folder', 'folderNotFound');
    const group = groups.get(ref.mailboxId) ?? { mailboxId: ref.mailboxId, path, uids: new Set<number>() };
    group.uids.add(ref.messageId);
    groups.set(ref.mailboxId, group);
  }
  return [...groups.values()];
}
