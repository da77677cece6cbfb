import type { Readable } from 'node:stream';
import type { ImapFlow, ListOptions, ListResponse } from 'imapflow';
import { notFound, unauthorized } from '../infra/errors.js';
import { decrypt, safeEqual } from '../infra/crypto.js';
import { accountOf } from '../infra/session/route-auth.js';
import type { SessionContext } from '../infra/session/session-context.js';
import type { SessionLifecycle } from '../infra/session/session-lifecycle.js';
import type { SessionsRepository } from '../infra/session/sessions.repository.js';
import type { FolderIdsRepository, FolderRecord } from './folder-ids.repository.js';
import { MailConnection } from './imap/mail-connection.js';
import type { MailFolder } from './imap/mail-folder.js';
import type { ImapPool } from './imap/imap-pool.js';
import type { MailAccess, MailLogin, TokenLogins } from './mail-access.js';
import type { MailConnector } from './mail-connector.js';
import { readAgainIfLost } from './imap/mail-refusal.js';

export { MailConnection } from './imap/mail-connection.js';
export { MailFolder, type Uids } from './imap/mail-folder.js';
export { MailServerRefusal } from './imap/mail-refusal.js';

/** What a mail session needs from the process: built once by `MailSessions`. */
interface MailSessionDeps {
  pool: ImapPool;
  connector: MailConnector;
  access: MailAccess;
  folderIds: FolderIdsRepository;
  /** The sealed password of a live session, or undefined when the session is gone. */
  sealedPassword: (sessionId: string) => Promise<{ sealed: string } | undefined>;
  /** Told on every mail use; reports the first one per session and process. */
  noteMailUse: (session: SessionContext) => void;
  /** The session's token login (single sign-on, token pass-through), or null for a session without tokens. */
  tokenLogin: (session: SessionContext, renew: boolean) => Promise<MailLogin | null>;
}

/**
 * One request's access to the signed-in user's mailbox. Every feature reaches IMAP through it and never holds an
 * imapflow client: folders by their id (`inFolder`: id → path, the folder lock, change watching) as `MailFolder`
 * objects, streams that keep the lock until they end (`streamFromFolder`), the mailbox-level operations of the
 * pooled connection (`connection()`: LIST, CREATE/RENAME/DELETE, STATUS, quota, APPEND by path) and the unsealed
 * password (`password`, for submitting mail). IMAP calls throw on a refusal (`MailServerRefusal`): imapflow's
 * `false` results never pass as success.
 */
export class MailSession {
  constructor(
    readonly account: SessionContext,
    private readonly deps: MailSessionDeps,
  ) {}

  get email(): string {
    return this.account.email;
  }

  /** The session's connection for mailbox-level operations (one object per connection). */
  async connection(): Promise<MailConnection> {
    return MailConnection.of(await this.client());
  }

  /** The session's persistent connection; logs in again (delegated, or with the sealed password) when it dropped. */
  private async client(): Promise<ImapFlow> {
    // A token session checks its token on every use: an expiring one is refreshed, a failed refresh ends the session.
    const token = await this.deps.tokenLogin(this.account, false);
    const client = await this.deps.pool.acquire(this.account.id, async () =>
      token
        ? this.deps.connector.connectRenewing(token, () => this.deps.tokenLogin(this.account, true))
        : this.deps.connector.connect(await this.login()),
    );
    this.deps.noteMailUse(this.account);
    return client;
  }

  /** How this session authenticates to IMAP, submission and ManageSieve (holds a secret: never log it). */
  async login(): Promise<MailLogin> {
    await this.assertLive();
    const token = await this.deps.tokenLogin(this.account, false);
    if (token) return token;
    return this.deps.access.loginFor(this.email, () => this.password());
  }

  /**
   * Whether `candidate` is the account's password (re-authentication, password change): compared with the
   * session's sealed copy in password mode, asked of the mail server (a login) in delegated mode, where no copy
   * is kept.
   */
  async checkPassword(candidate: string): Promise<boolean> {
    if (!this.deps.access.keepsPassword) {
      await this.assertLive();
      try {
        const client = await this.deps.connector.connect({ user: this.email, pass: candidate });
        await client.logout().catch(() => client.close());
        return true;
      } catch (err) {
        if ((err as { code?: string }).code === 'AuthFailed') return false;
        throw err;
      }
    }
    return safeEqual(candidate, await this.password());
  }

  private async assertLive(): Promise<void> {
    if (!(await this.deps.sealedPassword(this.account.id))) throw unauthorized();
  }

  /** The IMAP password, unsealed with the key from the user's cookie (password mode only). */
  async password(): Promise<string> {
    const row = await this.deps.sealedPassword(this.account.id);
    if (!row) throw unauthorized();
    try {
      return decrypt(this.account.key, row.sealed);
    } catch {
      throw unauthorized('Session key does not match');
    }
  }

  /** The folder of an id, or 404. */
  async folderRecord(mailboxId: string): Promise<FolderRecord> {
    const record = await this.deps.folderIds.find(this.email, mailboxId);
    if (!record) throw notFound('Folder', 'folderNotFound');
    return record;
  }

  /** Folder path of an id, or 404. */
  async pathOf(mailboxId: string): Promise<string> {
    return (await this.folderRecord(mailboxId)).path;
  }

  /** Runs `fn` with the folder of `mailboxId` selected and locked; the lock is always released. */
  async inFolder<T>(
    mailboxId: string,
    fn: (folder: MailFolder) => Promise<T>,
    options: { readOnly?: boolean } = {},
  ): Promise<T> {
    return this.inPath(await this.pathOf(mailboxId), fn, options);
  }

  /** The same for a folder known by path (special-use folders found by LIST, the Drafts folder). */
  async inPath<T>(
    path: string,
    fn: (folder: MailFolder) => Promise<T>,
    options: { readOnly?: boolean } = {},
  ): Promise<T> {
    return (await this.connection()).inPath(path, fn, options);
  }

  /**
   * Background work for a present user: `fn` under the folder's lock, only when the session's connection is open
   * and already has that folder selected (never a login, a SELECT that would move the user's selection, or a
   * reset of the idle timer). Null when it did not run.
   */
  async inSelectedFolder<T>(mailboxId: string, fn: (folder: MailFolder) => Promise<T>): Promise<T | null> {
    const client = await this.deps.pool.peek(this.account.id);

    if (!client || !client.mailbox) return null;
    const path = await this.pathOf(mailboxId);
    return client.mailbox.path === path ? MailConnection.of(client).inPath(path, fn) : null;
  }

  /**
   * For answers that stream from IMAP (attachments, source, zip): imapflow fetches in chunks over the same
   * connection, so the folder lock is held until the returned stream ends, closes or fails. If `fn` throws
   * before handing out a stream, the lock is released at once.
   */
  async streamFromFolder<T extends { stream: Readable }>(
    mailboxId: string,
    fn: (folder: MailFolder) => Promise<T>,
  ): Promise<T> {
    return (await this.connection()).streamFrom(await this.pathOf(mailboxId), fn);
  }

  /** LIST (with STATUS items when asked), no `\NonExistent`; asked again on a connection lost during it. */
  async list(options: ListOptions = {}): Promise<ListResponse[]> {
    return readAgainIfLost(async () => (await this.connection()).list(options));
  }
}

/**
 * Builds mail sessions; one per process. It owns the pool's side of the session lifecycle: it reports a session's
 * first mail use, and closes the session's IMAP connection when the session ends.
 */
export class MailSessions {
  private readonly deps: MailSessionDeps;
  /** Sessions that used mail in this process, until the session or its connection ends. */
  private readonly used = new Map<string, SessionContext>();
  private readonly accountGoneListeners: Array<(email: string) => void> = [];
  private tokens: TokenLogins | null = null;

  constructor(options: {
    pool: ImapPool;
    connector: MailConnector;
    access: MailAccess;
    folderIds: FolderIdsRepository;
    sessions: SessionsRepository;
    lifecycle: SessionLifecycle;
  }) {
    const { pool, lifecycle, sessions } = options;
    this.deps = {
      pool,
      connector: options.connector,
      access: options.access,
      folderIds: options.folderIds,
      sealedPassword: async (sessionId) => {
        const row = await sessions.findActive(sessionId, Date.now());
        return row ? { sealed: row.password_sealed } : undefined;
      },
      noteMailUse: (session) => {
        if (this.used.has(session.id)) return;
        this.used.set(session.id, session);
        lifecycle.emit('firstMailUse', { session });
      },
      tokenLogin: async (session, renew) => this.tokens?.loginFor(session, renew) ?? null,
    };
    lifecycle.on('ended', ({ sessionId }) => {
      this.done(sessionId);
      void pool.release(sessionId);
    });
    pool.onConnectionEnd((sessionId) => this.done(sessionId));
  }

  /** Token pass-through for single sign-on sessions (set by the composition root when it is configured). */
  useTokenLogins(tokens: TokenLogins): void {
    this.tokens = tokens;
  }

  /**
   * Called when an account has no session using mail in this process any more (the last one signed out, or its
   * connection closed): per-account caches let go of it.
   */
  onAccountGone(listener: (email: string) => void): void {
    this.accountGoneListeners.push(listener);
  }

  private done(sessionId: string): void {
    const email = this.used.get(sessionId)?.email;
    if (email === undefined) return;
    this.used.delete(sessionId);
    for (const other of this.used.values()) if (other.email === email) return;
    for (const listener of this.accountGoneListeners) listener(email);
  }

  /** Logs out the account's session connections here (Dovecot is ending them: the next use logs in anew). */
  async closeConnectionsOf(email: string): Promise<void> {
    for (const s of [...this.used.values()]) if (s.email === email) await this.deps.pool.release(s.id);
  }

  of(account: SessionContext): MailSession {
    return new MailSession(account, this.deps);
  }

  /**
   * A mail session for an account whose owner may be signed out (background work, delegated access only): its own
   * pooled connection, logged in through the delegated door; `close` logs it out.
   */
  forOwner(email: string, purpose = 'owner'): { mail: MailSession; close: () => Promise<void> } {
    if (!this.deps.access.delegated) throw new Error('no delegated mail access');
    const account: SessionContext = {
      id: `${purpose}:${email}`,
      email,
      userIndex: -1,
      deviceId: '',
      key: '',
    };
    const deps: MailSessionDeps = {
      ...this.deps,
      // Not a session: nothing to unseal, nothing to end, no first use to report, no token (the delegated door).
      sealedPassword: async () => ({ sealed: '' }),
      noteMailUse: () => {},
      tokenLogin: async () => null,
    };
    return { mail: new MailSession(account, deps), close: () => this.deps.pool.release(account.id) };
  }

  /**
   * Runs `fn` on a connection of its own for work that belongs to the account rather than to one of its sessions
   * (its caches: whichever session asked, all of them use the result), logged out afterwards. Delegated: through
   * the webmail's own door, so it does not matter which session asked or whether it is still there. Password mode:
   * logged in with the credential of a live session of the account — `asking` first, else any other that used mail
   * here; it fails only when none is left. The user's own connections never wait behind this work.
   */
  async forAccountWork<T>(
    asking: SessionContext,
    purpose: string,
    fn: (mail: MailSession) => Promise<T>,
  ): Promise<T> {
    if (this.deps.access.delegated) {
      const { mail, close } = this.forOwner(asking.email, purpose);
      try {
        return await fn(mail);
      } finally {
        await close();
      }
    }
    const sessions = [
      asking,
      ...[...this.used.values()].filter((s) => s.email === asking.email && s.id !== asking.id),
    ];
    let failure: unknown = unauthorized();
    for (const session of sessions) {
      const id = `${purpose}:${session.id}`;
      const mail = new MailSession(
        { ...session, id },
        {
          ...this.deps,
          sealedPassword: () => this.deps.sealedPassword(session.id),
          noteMailUse: () => {},
          tokenLogin: (_, renew) => this.deps.tokenLogin(session, renew),
        },
      );
      try {
        await mail.connection();
      } catch (err) {
        // That session ended meanwhile (or its login failed): the next one may still be there.
        failure = err;
        await this.deps.pool.release(id);
        continue;
      }
      try {
        return await fn(mail);
      } finally {
        await this.deps.pool.release(id);
      }
    }
    throw failure;
  }

  /** The mail session of a `session` route's request. */
  forRequest(request: { account?: SessionContext }): MailSession {
    return this.of(accountOf(request));
  }

  /** Called whenever a session's connection closes (sign-out, idle close, drop): caches of its view go. */
  onConnectionEnd(listener: (sessionId: string) => void): void {
    this.deps.pool.onConnectionEnd(listener);
  }

  /** A session's open connection, or null — never a new login (background jobs act only for present users). */
  async peek(sessionId: string): Promise<MailConnection | null> {
    const client = await this.deps.pool.peek(sessionId);
    return client ? MailConnection.of(client) : null;
  }
}

declare module '../infra/http/request-scope.js' {
  interface RequestScope {
    /** The request's mail session (`route()` handlers receive it with the account). */
    mail: MailSession;
  }
}
