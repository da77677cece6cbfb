import MailComposer from 'nodemailer/lib/mail-composer';
import type { Envelope } from '../mailstack.types.js';
import type { DemoMessage } from './demo-message.types.js';
import { isLocal, type Person } from './demo-people.js';

export const SEED_VERSION = 'demo-v1';
const DAY_MS = 86_400_000;

export interface ComposedMessage {
  message: DemoMessage;
  raw: Buffer;
  date: Date;
  messageId: string;
  /** Local senders submit with AUTH; outside senders arrive through the MTA port. */
  route: 'submission' | 'mta';
  envelope: Envelope;
  /** Local recipients that will have this message in INBOX after delivery. */
  localRecipients: string[];
}

const address = (p: Person) => ({ name: p.name, address: p.email });

/**
 * The moment the scenario's "daysAgo" counts back from: the seeding time during the (UTC)
 * working day, otherwise the latest 16:00 UTC, so that whole-day offsets land in the afternoon
 * rather than at night. Always at most ~17 h back, so the newest message (0.15 days) stays
 * within the last day.
 */
export function scenarioAnchor(now: number): number {
  const d = new Date(now);
  const hour = d.getUTCHours();
  if (hour >= 9 && hour < 18) return now;
  const anchor = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 16, 0, 0);
  return anchor <= now ? anchor : anchor - DAY_MS;
}

/**
 * daysAgo is measured from the scenario anchor, minus a per-message jitter of up to ~53 minutes
 * (derived from the key, so stable) so that messages do not all share one time of day.
 * Replies in the scenario are at least 0.1 day (144 min) after their parent, so the jitter
 * never reorders a thread. Never in the future.
 */
export function dateFor(key: string, daysAgo: number, now: number): Date {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const jitterMs = (hash % 3181) * 1000;
  return new Date(Math.floor((now - daysAgo * DAY_MS - jitterMs) / 1000) * 1000);
}

export function messageIdFor(message: DemoMessage): string {
  const domain = message.from.email.split('@')[1];
  return `<${message.key}.${SEED_VERSION}@${domain}>`;
}

/**
 * Builds the MIME source once, so the copy submitted over SMTP and the copy APPENDed to the
 * sender's Sent folder are byte-identical (as with a real client). nodemailer encodes
 * non-ASCII headers with RFC 2047 and file names with RFC 2231.
 */
export async function composeAll(messages: DemoMessage[], now: number): Promise<ComposedMessage[]> {
  const byKey = new Map(messages.map((m) => [m.key, m]));
  const referencesOf = (m: DemoMessage): string[] => {
    const parent = m.replyTo ? byKey.get(m.replyTo) : undefined;
    if (m.replyTo && !parent) throw new Error(`seed: ${m.key} answers unknown message ${m.replyTo}`);
    return parent ? [...referencesOf(parent), messageIdFor(parent)] : [];
  };

  const composed = await Promise.all(
    messages.map(async (message): Promise<ComposedMessage> => {
      const date = dateFor(message.key, message.daysAgo, now);
      const messageId = messageIdFor(message);
      const references = referencesOf(message);
      const composer = new MailComposer({
        from: address(message.from),
        to: message.to.map(address),
        cc: message.cc?.map(address),
        subject: message.subject,
        date,
        messageId,
        inReplyTo: references.at(-1),
        references: references.length ? references : undefined,
        headers: message.headers,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
      });
      const raw = await composer.compile().build();
      const route = isLocal(message.from.email) ? 'submission' : 'mta';
      const all = [...message.to, ...(message.cc ?? [])].map((p) => p.email);
      // Outside senders' own servers deliver to their other recipients: we only get ours.
      const envelopeTo = route === 'submission' ? all : all.filter(isLocal);
      return {
        message,
        raw,
        date,
        messageId,
        route,
        envelope: { from: message.from.email, to: envelopeTo },
        localRecipients: all.filter(isLocal),
      };
    }),
  );
  // Oldest first: delivery order becomes arrival (UID) order.
  return composed.sort((a, b) => a.date.getTime() - b.date.getTime());
}
