import { readFileSync } from 'node:fs';

/**
 * How the webmail authenticates to the mail server (IMAP, SMTP submission, ManageSieve) after sign-in:
 * - `delegated`: as itself on the user's behalf — a master credential (Dovecot master passdb) over SASL PLAIN
 *   with the account as authorization identity. No user password is kept; background work can run for an
 *   account whose owner is signed out.
 * - `password`: with the user's own password, sealed per session with a key only the user's cookie holds.
 */
export type MailAccessMode = 'delegated' | 'password';

/** One login to the mail server. Holds a secret: never log it, never put it in an answer. */
export interface MailLogin {
  /** The authentication identity: the account (password mode) or the master user (delegated). */
  user: string;
  pass: string;
  /** The account acted for (delegated mode only): SASL PLAIN's authorization identity. */
  authzid?: string;
  /**
   * Token pass-through (single sign-on): the user's OAuth 2.0 access token, sent as OAUTHBEARER/XOAUTH2 to a mail
   * server that asks the identity provider about it; `pass` is then ''.
   */
  accessToken?: string;
}

/**
 * Where the access tokens of single sign-on sessions come from (the auth feature keeps and refreshes them): null for
 * a session without tokens. `renew` asks for a fresh one (the mail server refused the current one); a refresh the
 * provider refuses ends the session and throws 401.
 */
export interface TokenLogins {
  loginFor(session: { id: string; email: string; key: string }, renew: boolean): Promise<MailLogin | null>;
}

export interface MasterCredential {
  user: string;
  password: string;
}

/** The configured mode and, in delegated mode, the master credential. One per process. */
export class MailAccess {
  private constructor(
    readonly mode: MailAccessMode,
    private readonly master: MasterCredential | null,
  ) {}

  static password(): MailAccess {
    return new MailAccess('password', null);
  }

  static delegated(master: MasterCredential): MailAccess {
    if (!master.user || !master.password) throw new Error('delegated mail access needs a master credential');
    return new MailAccess('delegated', master);
  }

  /** From the configuration: the master password comes from the environment or from a file (read once). */
  static fromConfig(config: {
    mode: MailAccessMode;
    masterUser: string | null;
    masterPassword: string | null;
    masterPasswordFile: string | null;
  }): MailAccess {
    if (config.mode === 'password') return MailAccess.password();
    const password =
      config.masterPassword ??
      (config.masterPasswordFile ? readFileSync(config.masterPasswordFile, 'utf8').trim() : null);
    if (!config.masterUser || !password) {
      throw new Error(
        'MAIL_ACCESS=delegated needs MAIL_MASTER_USER and MAIL_MASTER_PASSWORD or MAIL_MASTER_PASSWORD_FILE',
      );
    }
    return MailAccess.delegated({ user: config.masterUser, password });
  }

  get delegated(): boolean {
    return this.mode === 'delegated';
  }

  /** Whether a session keeps the user's password (sealed) for later mail logins. */
  get keepsPassword(): boolean {
    return this.mode === 'password';
  }

  /** The login for `email`: on its behalf (delegated) or with its password (asked only in password mode). */
  async loginFor(email: string, password: () => Promise<string>): Promise<MailLogin> {
    if (this.master) return this.onBehalfOf(email);
    return { user: email, pass: await password() };
  }

  /** The master login acting for `email`; throws in password mode (there is no such door). */
  onBehalfOf(email: string): MailLogin {
    if (!this.master) throw new Error('no master credential in password mode');
    return { user: this.master.user, pass: this.master.password, authzid: email };
  }

  /** The secret, for the log redaction test and the censor (never anything else). */
  secrets(): string[] {
    return this.master ? [this.master.password] : [];
  }
}
