import type { MessageDetail, MessageSummary } from '@webmail/contracts';

const people = [
  { name: 'Alice Example', address: 'alice@example.test' },
  { name: 'Bob Builder', address: 'bob@example.test' },
  { name: '', address: 'noreply@shop.test' },
];

/** Test-data builder for a list row; `uid` also orders it (higher is newer). */
export function buildMessageSummary(uid: number, overrides: Partial<MessageSummary> = {}): MessageSummary {
  return {
    id: uid,
    mailbox: 'id-inbox',
    thread: `thread-${uid}`,
    from: people[uid % people.length]!,
    to: [{ name: 'Me', address: 'me@example.test' }],
    subject: `Message number ${uid}`,
    date: new Date(2024, 0, 1 + (uid % 28), 9, 30).toISOString(),
    size: 1000 + uid,
    seen: true,
    flagged: false,
    answered: false,
    draft: false,
    hasAttachments: false,
    ...overrides,
  };
}

/** `count` rows newest first, as the server sends them. */
export function buildMessageSummaries(count: number, mailbox = 'id-inbox'): MessageSummary[] {
  return Array.from({ length: count }, (_, index) => buildMessageSummary(count - index, { mailbox }));
}

export function buildMessageDetail(uid: number, overrides: Partial<MessageDetail> = {}): MessageDetail {
  const summary = buildMessageSummary(uid);
  return {
    id: uid,
    mailbox: summary.mailbox,
    thread: summary.thread,
    messageId: `<${uid}@example.test>`,
    subject: summary.subject,
    from: summary.from,
    sender: null,
    replyTo: [],
    to: summary.to,
    cc: [],
    bcc: [],
    date: summary.date,
    size: summary.size,
    seen: summary.seen,
    flagged: summary.flagged,
    answered: false,
    html: null,
    text: `Hello, this is message ${uid}.`,
    remoteContentBlocked: false,
    attachments: [],
    ...overrides,
  };
}
