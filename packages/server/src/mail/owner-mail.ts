import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../infra/db/database.js';
import type { MailAccess } from './mail-access.js';
import type { MailSession, MailSessions } from './mail-session.js';
import './owner-mail.tables.js';

/** One use of the master credential for background work, as the owner's security log records it. */
export interface OwnerMailUse {
  account: string;
  /** What ran (the job's name). */
  job: string;
  /** Which server process ran it. */
  node: string;
  at: number;
}

export interface OwnerMailDeps {
  db: Db;
  access: MailAccess;
  mail: Pick<MailSessions, 'forOwner'>;
  /** This process's name in the log (host name and pid). */
  node: string;
  /** Writes the use to the owner's security log (passed by the composition root). */
  record: (use: OwnerMailUse) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * "Mail as the owner": background jobs reach an account's mailbox while its owner is signed out, through the
 * webmail's delegated door (the master credential, authzid = the account). Only with delegated mail access: in
 * password mode there is no credential to act with once the owner left, and `available` says so.
 * Work is claimed per (job, account) in the database — of several server processes exactly one does a unit in a
 * period — and every use is written to the owner's security log (what ran, when, on which node).
 */
export class OwnerMail {
  constructor(private readonly deps: OwnerMailDeps) {}

  get available(): boolean {
    return this.deps.access.delegated;
  }

  /**
   * Claims `job` for `account` until `now + periodMs`; false when another process (or an earlier run of this
   * period) holds it. A unit whose runner died is free again once its period passed.
   */
  async claim(job: string, account: string, now: number, periodMs: number): Promise<boolean> {
    const { db, node } = this.deps;
    const row = { job, account, claimed_until: now + periodMs, node };
    const inserted = await db
      .insertInto('owner_mail_claims')
      .values(row)
      .onConflict((oc) => oc.columns(['job', 'account']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    const updated = await db
      .updateTable('owner_mail_claims')
      .set({ claimed_until: row.claimed_until, node })
      .where('job', '=', job)
      .where('account', '=', account)
      .where('claimed_until', '<=', now)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** Writes a use of the delegated door made elsewhere (a scheduled send's submission) to the security log. */
  async recordUse(account: string, job: string): Promise<void> {
    await this.deps.record({ account, job, node: this.deps.node, at: Date.now() });
  }

  /**
   * Reads for an owner who is present — live mail the mail server pushed while they have the webmail open — through
   * the delegated door, its connection closed afterwards. Not written to the security log: this is the owner's own
   * view, read while they look at it, as their requests are (`run` is background work in their absence).
   */
  async forPresentOwner<T>(account: string, fn: (mail: MailSession) => Promise<T>): Promise<T> {
    if (!this.available) throw new Error('live mail by push needs MAIL_ACCESS=delegated');
    const { mail, close } = this.deps.mail.forOwner(account);
    try {
      return await fn(mail);
    } finally {
      await close();
    }
  }

  /**
   * Runs `fn` with a mail session for `account` through the delegated door, logged in the owner's security log
   * first (a use is recorded even when the work then fails). Its connection is closed afterwards.
   */
  async run<T>(account: string, job: string, fn: (mail: MailSession) => Promise<T>): Promise<T> {
    if (!this.available) throw new Error('background mail work needs MAIL_ACCESS=delegated');
    // The wall clock, whatever clock the job runs by: the log says when the mailbox was really touched.
    await this.deps.record({ account, job, node: this.deps.node, at: Date.now() });
    const { mail, close } = this.deps.mail.forOwner(account);
    try {
      return await fn(mail);
    } finally {
      await close();
    }
  }
}
