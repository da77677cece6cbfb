import { z } from 'zod';
import { bool } from './bool.js';

/** The mail server: IMAP, SMTP and ManageSieve, how the webmail opens a mailbox, the databases and secrets shared with the mail server, and live mail. */
export const mailEnvShape = {
  IMAP_HOST: z.string().default('127.0.0.1'),
  IMAP_PORT: z.coerce.number().int().default(10143),
  IMAP_SECURE: bool.default(false),
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().default(10587),
  SMTP_SECURE: bool.default(false),
  SIEVE_HOST: z.string().default('127.0.0.1'),
  SIEVE_PORT: z.coerce.number().int().default(10190),
  /**
   * How the webmail reaches a mailbox after sign-in: `delegated` (a master credential on the user's behalf, SASL
   * PLAIN with authzid; no user password kept; background work for absent owners) or `password` (the user's own
   * password sealed per session).
   */
  MAIL_ACCESS: z.enum(['delegated', 'password']).default('password'),
  MAIL_MASTER_USER: z.string().min(1).optional(),
  MAIL_MASTER_PASSWORD: z.string().min(1).optional(),
  /** A file holding the master password (read once at start; trailing whitespace dropped). */
  MAIL_MASTER_PASSWORD_FILE: z.string().min(1).optional(),
  /** Dovecot's doveadm HTTP API (e.g. http://127.0.0.1:8080): kicks the sessions of revoked credentials. */
  DOVEADM_URL: z.union([z.literal(''), z.url()]).optional(),
  DOVEADM_API_KEY: z.string().min(1).optional(),
  DOVEADM_API_KEY_FILE: z.string().min(1).optional(),
  TLS_REJECT_UNAUTHORIZED: bool.default(true),
  IMAP_IDLE_CLOSE_SECONDS: z.coerce.number().int().min(10).default(900),
  /**
   * An account's conversation indexes outlive its last session here this long: a user back within it (another
   * device, a new sign-in) opens messages without the seconds of reading a big Inbox's index again.
   */
  CONVERSATION_INDEX_GRACE_SECONDS: z.coerce.number().int().min(0).default(300),
  /**
   * The mail server's credentials database (a SQLite file or a postgres:// URL) that its passdb reads:
   * application passwords and the accounts whose account password works only through the webmail. Without it
   * application passwords are unavailable and outside mail clients keep the account password under 2FA.
   */
  MAIL_AUTH_DB: z.string().optional(),
  /** Bearer secret of the mail server's authentication reports (`POST /api/mail-auth/report`); unset = off. */
  MAIL_AUTH_REPORT_SECRET: z.string().min(16).optional(),
  /**
   * The mail server's sender-login table (a SQLite file or a postgres:// URL; `sender_logins(address, email)`) that
   * its submission service checks the envelope sender against. The webmail writes the verified outgoing addresses
   * there. Without it the webmail still keeps and verifies them, and the mail server decides on its own.
   */
  MAIL_SENDER_DB: z.string().optional(),
  /**
   * Live mail: `push` (the mail server POSTs its changes to `/api/mail-push`; an open browser holds no IMAP
   * connection) or `watcher` (one IMAP NOTIFY connection per account with an open stream, for mail servers without
   * push). Default: push when MAIL_PUSH_SECRET is set and MAIL_ACCESS=delegated (the door push reads through).
   */
  LIVE_MAIL: z.enum(['push', 'watcher']).optional(),
  /** Bearer secret of the mail server's pushes (`POST /api/mail-push`); unset = that route answers 404. */
  MAIL_PUSH_SECRET: z.string().min(16).optional(),
  /** How long events are kept for streams that reconnect (`Last-Event-ID`); older gaps mean a full refetch. */
  EVENT_REPLAY_SECONDS: z.coerce.number().int().min(10).default(600),
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(20),
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).default(5000),
  /** Mailbox watchers (one IMAP connection each, for live mail) per server process. */
  EVENT_WATCHERS_MAX: z.coerce.number().int().min(0).default(1000),
  /** While an account's live mail is off (no watcher slot, the mail server away), its browsers refresh this often. */
  EVENT_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** A watcher stays this long after its account's last stream closed (a reload reuses it). */
  EVENT_WATCHER_GRACE_SECONDS: z.coerce.number().int().min(0).default(30),
};
