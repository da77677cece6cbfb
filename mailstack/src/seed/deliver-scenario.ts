import type { ImapFlow } from 'imapflow';
import { createMtaTransport, createSubmissionTransport } from '../delivery.js';
import { countMessages, waitForMessageCount } from '../imap-session.js';
import type { Mailstack } from '../mailstack.types.js';
import type { ComposedMessage } from './compose.js';
import { accountFor } from './demo-people.js';
import { appendOrThrow } from './mailbox-ops.js';

/**
 * Sends the scenario through the real path, oldest first: local senders via the submission
 * port with SMTP AUTH (and, like a mail client, APPEND the same bytes to their Sent folder),
 * outside senders via the MTA port. Postfix delivers to Dovecot over LMTP.
 *
 * Each message is awaited in the recipients' INBOX before the next is sent: Postfix delivers
 * in parallel, so without that the INBOX UID order (= arrival order) would not follow the
 * Date order. It costs ~40 ms per message.
 */
export async function deliverScenario(
  stack: Mailstack,
  composed: ComposedMessage[],
  sessions: Map<string, ImapFlow>,
): Promise<void> {
  const expected = new Map<string, number>();
  for (const [email, client] of sessions) expected.set(email, await countMessages(client, 'INBOX'));

  const mta = createMtaTransport(stack);
  try {
    for (const item of composed) {
      const sender = accountFor(item.envelope.from);
      if (item.route === 'submission') {
        if (!sender) throw new Error(`seed: no demo account for local sender ${item.envelope.from}`);
        const transport = createSubmissionTransport(stack, { user: sender.email, pass: sender.password });
        try {
          await transport.sendMail({ raw: item.raw, envelope: item.envelope });
        } finally {
          transport.close();
        }
        await appendOrThrow(sessionFor(sessions, sender.email), 'Sent', item.raw, ['\\Seen'], item.date);
      } else {
        await mta.sendMail({ raw: item.raw, envelope: item.envelope });
      }
      for (const rcpt of item.localRecipients) {
        const count = (expected.get(rcpt) ?? 0) + 1;
        expected.set(rcpt, count);
        await waitForMessageCount(sessionFor(sessions, rcpt), 'INBOX', count, 15_000);
      }
    }
  } finally {
    mta.close();
  }
}

function sessionFor(sessions: Map<string, ImapFlow>, email: string): ImapFlow {
  const client = sessions.get(email);
  if (!client) throw new Error(`seed: no IMAP session for ${email}`);
  return client;
}
