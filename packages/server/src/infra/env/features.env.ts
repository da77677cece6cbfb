import { isIP } from 'node:net';
import { z } from 'zod';
import { bool } from './bool.js';
import { DisabledFeature } from '@webmail/contracts';

/** The features: which are on, and the limits of snooze, compose, contacts, search, the image proxy and unsubscribe. */
export const featuresEnvShape = {
  /** Comma-separated features to switch off: targets, folders, signatures, autoreply, contacts, filters. */
  DISABLED_FEATURES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(DisabledFeature)),
  /**
   * The first-use tour: `false` offers it to nobody (the user details report onboarding as completed),
   * for deployments that introduce the product their own way.
   */
  ONBOARDING_TOUR: bool.default(true),
  /** Where the Upgrade page sends users to get the features their plan lacks; unset = the page links nowhere. */
  UPGRADE_URL: z.url().optional(),
  /** Where feedback is also mailed (from the user's own address, through SMTP); unset = only stored. */
  FEEDBACK_EMAIL: z.email().optional(),
  /** How often snoozed messages whose time came are woken (delegated mail access only). */
  SNOOZE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How many accounts one wake pass wakes at once (each holds one IMAP connection while it works). */
  SNOOZE_WAKE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** Undo-send delay when the send request names none (default 10 s; 0 sends at once). */
  SEND_UNDO_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** The SMTP server files sent mail in Sent itself (e.g. Gmail): the webmail then appends no copy. */
  SMTP_SAVES_SENT: bool.default(false),
  /** Compose uploads unused for this long are deleted (a saved draft keeps its attachments in IMAP). */
  COMPOSE_UPLOAD_TTL_HOURS: z.coerce.number().int().min(1).default(168),
  /** How old the recent-party harvest of Inbox/Sent may get before a search refreshes it. */
  RECENT_PARTIES_REFRESH_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Contacts one account may keep; imports beyond it are reported per entry. */
  CONTACTS_MAX_PER_USER: z.coerce.number().int().min(1).default(20_000),
  /** Largest contacts import file (vCard or CSV). */
  CONTACTS_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Largest avatar image upload (it is stored resized to at most 256 px). */
  CONTACTS_AVATAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  /**
   * Cross-folder search: `auto` uses the server's "all mail" virtual folders when they exist (Dovecot's virtual
   * plugin; one SEARCH + SORT for every folder), else searches folder by folder; `allMail` / `folders` force one.
   */
  SEARCH_ENGINE: z.enum(['auto', 'allMail', 'folders']).default('auto'),
  /** The virtual folder of every folder but Trash and Junk (`*`, `-Trash`, `-Trash/*`, `-Junk`, `-Junk/*`). */
  SEARCH_ALL_MAIL_FOLDER: z.string().min(1).default('Virtual/All'),
  /** The virtual folder of every folder (`in:anywhere`). */
  SEARCH_ANYWHERE_FOLDER: z.string().min(1).default('Virtual/Anywhere'),
  IMAGE_PROXY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  IMAGE_PROXY_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  IMAGE_PROXY_TIMEOUT_SECONDS: z.coerce.number().min(1).default(10),
  /**
   * TEST ONLY. Comma-separated `host=address` pairs the image proxy resolves without DNS and allows even
   * though the address is private (so tests can serve "remote" images from a local server).
   */
  IMAGE_PROXY_TEST_RESOLVE: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const map = new Map<string, string>();
      for (const pair of v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [host, address] = pair.split('=').map((s) => s.trim().toLowerCase());
        if (!host || !address || !isIP(address)) {
          ctx.addIssue({ code: 'custom', message: `expected host=ip, got "${pair}"` });
          continue;
        }
        map.set(host, address);
      }
      return map;
    }),
  /**
   * Comma-separated host names or IP literals that the server's outbound requests (image proxy, one-click
   * unsubscribe) may reach although they are not public addresses, on any port and over plain http too: an
   * intranet list server, or a test listener on loopback. Empty (the default) = public addresses only.
   */
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform(
      (v) =>
        new Set(
          v
            .split(',')
            .map((s) =>
              s
                .trim()
                .replace(/^\[|\]$/g, '')
                .toLowerCase(),
            )
            .filter(Boolean),
        ) as ReadonlySet<string>,
    ),
  /** One-click unsubscribe (RFC 8058): the whole POST must be answered within this time. */
  UNSUBSCRIBE_TIMEOUT_SECONDS: z.coerce.number().min(1).default(10),
};
