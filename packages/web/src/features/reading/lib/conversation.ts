import type { ThreadMessage } from '@webmail/contracts';

/** A message of a conversation is known by its folder and UID (a thread spans the folder, Inbox and Sent). */
export const conversationKey = (message: { mailbox: string; id: number }) =>
  `${message.mailbox}/${message.id}`;

/**
 * Which messages open expanded: the addressed one and the unread ones; read ones show as a summary line. A thread
 * of one message is always open.
 */
export function initiallyExpanded(messages: readonly ThreadMessage[], addressed: string): Set<string> {
  const keys = messages
    .filter((message) => messages.length === 1 || !message.seen || conversationKey(message) === addressed)
    .map(conversationKey);
  return new Set(keys);
}

/**
 * The addressed message in the conversation; a server that finds no thread for it still lists the message itself,
 * but should it not, the newest message stands in so the page is never empty.
 */
export function addressedMessage(
  messages: readonly ThreadMessage[],
  mailboxId: string,
  messageId: number,
): ThreadMessage | undefined {
  return (
    messages.find((message) => message.mailbox === mailboxId && message.id === messageId) ??
    messages[messages.length - 1]
  );
}
