import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FetchMessageObject, MessageAddressObject } from '../../mail/mail-types.js';
import { composeLimits, isValidEmail, type RecentParty } from '@webmail/contracts';
import type { MailConnection, MailSession } from '../../mail/mail-session.js';
import { webmailMessageIdPrefix } from './message-id.js';
import type { HarvestRow, PartyRow, RecentPartiesRepository } from './recent-parties.repository.js';

/** A score halves every 30 days: someone written to often last year ranks below last week's contact. */
const halfLifeMs = 30 * 86_400_000;
/** Writing to someone says more than receiving from them. */
const weights = { sent: 2, received: 1 } as const;
/** Envelopes read per folder and refresh: the newest ones, by sequence number (one cheap FETCH). */
const harvestNewest = 200;
const automated = /^(no-?reply|do-?not-?reply|mailer-daemon|postmaster|bounces?)([+.-]|@)/i;

interface Interaction {
  address: string;
  name: string;
  at: number;
  weight: number;
}

const decay = (ms: number) => Math.pow(2, -Math.max(0, ms) / halfLifeMs);

/**
 * Recipient autocomplete (GET /mailbox/compose/recentParties; an empty query or one over 255 characters
 * finds nothing). A table per account, fed (1) by every send, at once, and
 * (2) lazily from the newest envelopes of Inbox (senders) and Sent (recipients): a search refreshes that
 * harvest when it is older than the refresh interval, reading only envelopes newer than the last one seen.
 * That keeps a search a single indexed query, costs the IMAP server one FETCH per folder every few
 * minutes of active use, and also learns from mail sent with other clients. Ranking: a decaying sum of
 * interactions (recency and frequency in one number).
 */
export class RecentPartiesService {
  private readonly harvests = new Map<string, Promise<void>>();

  constructor(
    private readonly repo: RecentPartiesRepository,
    private readonly refreshMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async search(mail: MailSession, query: string, limit: number): Promise<RecentParty[]> {
    const q = query.trim().toLowerCase();
    if (!q || query.length > composeLimits.recentPartyQueryMax) return [];
    await this.refresh(mail);
    const tokens = q.split(/\s+/).filter(Boolean).slice(0, 10);
    const rows = await this.repo.search(mail.email, tokens, mail.email.toLowerCase(), 200);
    const now = Date.now();
    return rows
      .map((row) => ({ row, rank: Number(row.score) * decay(now - Number(row.score_at)) }))
      .sort((a, b) => b.rank - a.rank || a.row.address.localeCompare(b.row.address))
      .slice(0, limit)
      .map(({ row }) => ({
        id: createHash('sha256').update(row.address).digest('hex').slice(0, 16),
        name: row.name,
        address: row.address,
      }));
  }

  /** Called when a message left: its recipients count at once, without waiting for a harvest. */
  async recordSent(account: string, recipients: Array<{ name: string; address: string }>, at: number) {
    await this.record(
      account,
      recipients.map((r) => ({ ...r, at, weight: weights.sent })),
    );
  }

  private async record(account: string, interactions: Interaction[]): Promise<void> {
    const merged = new Map<string, PartyRow>();
    const addresses = [...new Set(interactions.map((i) => i.address.toLowerCase()))];
    for (const row of await this.repo.findMany(account, addresses)) merged.set(row.address, row);
    for (const i of interactions.sort((a, b) => a.at - b.at)) {
      const address = i.address.toLowerCase();
      const row = merged.get(address);
      const name = i.name.trim() || row?.name || '';
      const score = !row
        ? i.weight
        : i.at >= Number(row.score_at)
          ? Number(row.score) * decay(i.at - Number(row.score_at)) + i.weight
          : Number(row.score) + i.weight * decay(Number(row.score_at) - i.at);
      const scoreAt = Math.max(i.at, Number(row?.score_at ?? 0));
      const searchText = `${name} ${address}`.toLowerCase();
      const count = Number(row?.count ?? 0) + 1;
      merged.set(address, {
        account,
        address,
        name,
        search_text: searchText,
        score,
        score_at: scoreAt,
        count,
      });
    }
    await this.repo.upsert([...merged.values()].filter((r) => addresses.includes(r.address)));
  }

  /** Harvests when stale; one harvest per account at a time. A failure is logged, never fails a search. */
  private async refresh(mail: MailSession): Promise<void> {
    const running = this.harvests.get(mail.email);
    if (running) return running;
    const states = await this.repo.harvestState(mail.email);
    const oldest = Math.min(...states.map((s) => Number(s.harvested_at)));
    if (states.length > 0 && oldest > Date.now() - this.refreshMs) return;
    const task = this.harvest(mail, states)
      .catch((err: Error) => this.log.warn({ err: { message: err.message } }, 'recent-party harvest failed'))
      .finally(() => this.harvests.delete(mail.email));
    this.harvests.set(mail.email, task);
    return task;
  }

  private async harvest(mail: MailSession, states: HarvestRow[]): Promise<void> {
    const connection = await mail.connection();
    const sent = (await connection.list()).find((e) => e.specialUse === '\\Sent')?.path;
    const folders: Array<{ path: string; kind: 'received' | 'sent' }> = [{ path: 'INBOX', kind: 'received' }];
    if (sent) folders.push({ path: sent, kind: 'sent' });
    for (const folder of folders) {
      const previous = states.find((s) => s.folder === folder.path);
      const { interactions, state } = await this.readFolder(connection, mail.email, folder, previous);
      await this.record(mail.email, interactions);
      await this.repo.saveHarvest(state);
    }
  }

  private async readFolder(
    connection: MailConnection,
    account: string,
    folder: { path: string; kind: 'received' | 'sent' },
    previous: HarvestRow | undefined,
  ) {
    return connection.inPath(folder.path, async (open) => {
      // A folder that was already selected has not heard of mail other connections added; NOOP makes
      // the server report it, so `exists` and `*` below cover the newest messages.
      await open.noop();
      const uidValidity = String(open.mailbox.uidValidity);
      const since = previous?.uid_validity === uidValidity ? Number(previous.last_uid) : 0;
      const rows = await open.fetchNewest(harvestNewest, { uid: true, envelope: true, internalDate: true });
      const fresh = rows.filter((r) => r.uid > since);
      const interactions = fresh.flatMap((r) => interactionsOf(r, folder.kind, account));
      const lastUid = Math.max(since, ...rows.map((r) => r.uid));
      const state = {
        account,
        folder: folder.path,
        uid_validity: uidValidity,
        last_uid: lastUid,
        harvested_at: Date.now(),
      };
      return { interactions, state };
    });
  }
}

function interactionsOf(row: FetchMessageObject, kind: 'received' | 'sent', account: string): Interaction[] {
  const env = row.envelope;
  if (!env) return [];
  // Sent through this webmail: already counted when it was sent.
  if (kind === 'sent' && env.messageId?.startsWith(webmailMessageIdPrefix)) return [];
  const date = env.date ?? row.internalDate;
  const at = date ? new Date(date).getTime() : Date.now();
  const people: MessageAddressObject[] =
    kind === 'received' ? (env.from ?? []) : [...(env.to ?? []), ...(env.cc ?? []), ...(env.bcc ?? [])];
  return people
    .filter((p) => p.address && isValidEmail(p.address) && p.address.toLowerCase() !== account.toLowerCase())
    .filter((p) => kind === 'sent' || !automated.test(p.address ?? ''))
    .map((p) => ({
      address: p.address ?? '',
      name: p.name ?? '',
      at: Number.isNaN(at) ? Date.now() : at,
      weight: weights[kind],
    }));
}
