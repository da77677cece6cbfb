import type { MessageSummary, ThreadMessage } from '@webmail/contracts';

/** A list row as the action registry wants it (its availability rules look at `seen` and `flagged`). */
export function toActionRow(
  message: ThreadMessage,
  thread: string,
  flags: { seen: boolean; flagged: boolean },
): MessageSummary {
  return {
    id: message.id,
    mailbox: message.mailbox,
    thread,
    from: message.from,
    to: message.to,
    subject: message.subject,
    date: message.date,
    size: 0,
    seen: flags.seen,
    flagged: flags.flagged,
    answered: message.answered,
    draft: message.draft,
    hasAttachments: message.hasAttachments,
  };
}
