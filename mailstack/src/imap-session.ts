import { ImapFlow } from 'imapflow';
import type { Mailstack } from './mailstack.types.js';

/**
 * Opens a logged-in IMAP session (plain IMAP on 127.0.0.1, no TLS in the sandbox).
 * imapflow emits 'error' for socket failures; without a listener Node would crash the
 * process, so errors are swallowed here and surface as rejected commands instead.
 */
export async function openImap(stack: Mailstack, user: string, pass: string): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: stack.host,
    port: stack.ports.imap,
    secure: false,
    auth: { user, pass },
    logger: false,
    // The sandbox has no STARTTLS; without this imapflow would still try it if advertised.
    doSTARTTLS: false,
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** STATUS MESSAGES that throws instead of returning imapflow's silent `false` on NO. */
export async function countMessages(client: ImapFlow, mailbox: string): Promise<number> {
  const status = await client.status(mailbox, { messages: true });
  if (status === false || status.messages === undefined) {
    throw new Error(`mailstack: STATUS ${mailbox} failed`);
  }
  return status.messages;
}

/**
 * Polls until `mailbox` holds at least `atLeast` messages. Postfix hands mail to Dovecot
 * asynchronously after the SMTP transaction, so tests must wait for it - by polling STATUS,
 * which is cheap, rather than sleeping a guessed time.
 */
export async function waitForMessageCount(
  client: ImapFlow,
  mailbox: string,
  atLeast: number,
  timeoutMs = 10_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const count = await countMessages(client, mailbox);
    if (count >= atLeast) return count;
    if (Date.now() > deadline) {
      throw new Error(
        `mailstack: ${mailbox} has ${count} messages, expected ${atLeast} within ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}
