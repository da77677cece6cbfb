/** Ports of one sandbox stack, all on 127.0.0.1, derived from one base (see stack-config.ts). */
export interface MailstackPorts {
  imap: number;
  /** Postfix MTA smtpd: no auth, accepts mail for the local domains (the "internet" side). */
  smtp: number;
  /** Postfix submission: SMTP AUTH through Dovecot, sender must equal the login. */
  submission: number;
  /** Dovecot LMTP over TCP, for seeding and tests (Postfix itself uses a UNIX socket). */
  lmtp: number;
  sieve: number;
  /**
   * The webmail's own IMAP door: an account with two-factor sign-in still accepts its account password here
   * (the webmail checked the second factor); application passwords never work here.
   */
  webmailImap: number;
  /** The webmail's own submission door (SASL service `webmail`), with the same rules. */
  webmailSubmission: number;
  /** The webmail's own ManageSieve door (password mode), with the same rules as its IMAP door. */
  webmailSieve: number;
  /** Dovecot's doveadm HTTP API (`/doveadm/v1`, `X-Dovecot-API` key): the webmail kicks sessions through it. */
  doveadmHttp: number;
}

export interface MailstackCredentials {
  email: string;
  password: string;
}

export interface Mailstack {
  host: '127.0.0.1';
  /** Absolute state dir: configs, maildirs, user DB, logs. */
  dir: string;
  ports: MailstackPorts;
  dovecotLog: string;
  postfixLog: string;
  /**
   * Postfix's sender-login table (SQLite, `sender_logins(address, email)`): the outgoing addresses each account
   * may send as besides its own. The webmail writes it (MAIL_SENDER_DB).
   */
  senderDb: string;
  /**
   * The webmail's master credential (Dovecot master passdb, SASL PLAIN with authzid, loopback only): the user name
   * and the root-only file holding its password (the webmail's MAIL_MASTER_PASSWORD_FILE).
   */
  master: { user: string; passwordFile: string };
  /** The doveadm HTTP API: its base URL and the root-only file holding the API key. */
  doveadm: { url: string; apiKeyFile: string };
  /** Real Dovecot user that receives every message addressed outside the local domains. */
  sink: MailstackCredentials;
  addUser(email: string, password: string, opts?: { quotaMb?: number }): Promise<void>;
  stop(): Promise<void>;
}

export interface StartMailstackOptions {
  /** State dir; default `<repo>/.data/mailstack` or MAILSTACK_DIR. */
  dir?: string;
  /** Port base; default 10000 or MAILSTACK_PORT_BASE. */
  portBase?: number;
}

/**
 * SMTP envelope: what the servers route on, independent of the To/Cc headers. A type alias
 * (not an interface) so it stays assignable to nodemailer's index-signature envelope type.
 */
export type Envelope = {
  from: string;
  to: string[];
};
