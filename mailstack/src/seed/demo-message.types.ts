import type { Attachment } from 'nodemailer';
import type { Person } from './demo-people.js';

/** Where a delivered copy ends up for one recipient, and how it looks there. */
export interface Placement {
  /** Folder to MOVE the message to after delivery; default INBOX. */
  folder?: string;
  /** Default: read when older than about a day and a half. */
  seen?: boolean;
  flagged?: boolean;
}

/**
 * One message of the demo scenario. Local senders submit it with SMTP AUTH and keep a copy in
 * Sent; outside senders come in through the MTA port. Local recipients get it in INBOX and
 * may have it filed afterwards; outside recipients end up in the sink mailbox.
 */
export interface DemoMessage {
  /** Stable key: becomes the Message-ID and lets replies refer to their parent. */
  key: string;
  from: Person;
  to: Person[];
  cc?: Person[];
  subject: string;
  /** Age of the Date header in days (fractions allowed). */
  daysAgo: number;
  text: string;
  html?: string;
  attachments?: Attachment[];
  /** Key of the message this one answers (sets In-Reply-To and References). */
  replyTo?: string;
  headers?: Record<string, string>;
  /** Per local recipient (by email). */
  placement?: Record<string, Placement>;
}

/** A message APPENDed directly (drafts, old archive mail), not delivered. */
export interface AppendedMessage {
  owner: string;
  folder: string;
  flags: string[];
  message: DemoMessage;
}
