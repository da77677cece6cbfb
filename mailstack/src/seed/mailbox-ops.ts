import type { ImapFlow } from 'imapflow';

// imapflow reports a NO as `false` instead of throwing; every call here turns that into an
// error so a seeding step can never fail silently.

export async function appendOrThrow(
  client: ImapFlow,
  mailbox: string,
  raw: Buffer,
  flags: string[],
  internalDate: Date,
): Promise<void> {
  const result = await client.append(mailbox, raw, flags, internalDate);
  if (result === false) throw new Error(`seed: APPEND to ${mailbox} failed`);
}

/** CREATE that tolerates an existing mailbox (imapflow maps ALREADYEXISTS to created:false). */
export async function ensureMailbox(client: ImapFlow, path: string): Promise<void> {
  await client.mailboxCreate(path);
}

export async function addFlags(client: ImapFlow, uids: number[], flags: string[]): Promise<void> {
  if (!uids.length) return;
  const ok = await client.messageFlagsAdd(uids, flags, { uid: true });
  if (!ok) throw new Error(`seed: STORE +FLAGS ${flags.join(' ')} failed`);
}

export async function moveMessages(client: ImapFlow, uids: number[], destination: string): Promise<void> {
  if (!uids.length) return;
  const result = await client.messageMove(uids, destination, { uid: true });
  if (result === false) throw new Error(`seed: MOVE to ${destination} failed`);
}

/** Message-ID -> UID for the currently selected mailbox. */
export async function uidsByMessageId(client: ImapFlow): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  const mailbox = client.mailbox;
  if (!mailbox || mailbox.exists === 0) return map;
  for await (const msg of client.fetch('1:*', { uid: true, envelope: true })) {
    const id = msg.envelope?.messageId;
    if (id) map.set(normaliseMessageId(id), msg.uid);
  }
  return map;
}

export function normaliseMessageId(id: string): string {
  return id.trim().replace(/^<|>$/g, '').toLowerCase();
}

/**
 * Removes everything a previous, interrupted seeding run left: custom folders are deleted
 * (deepest first, since a folder with children cannot be deleted), INBOX and the special-use
 * folders are emptied.
 */
export async function emptyAccount(client: ImapFlow): Promise<void> {
  const boxes = await client.list();
  const depth = (path: string, delimiter: string) => path.split(delimiter || '/').length;
  boxes.sort((a, b) => depth(b.path, b.delimiter) - depth(a.path, a.delimiter));
  for (const box of boxes) {
    if (box.path.toUpperCase() === 'INBOX' || box.specialUse) {
      if (box.flags.has('\\Noselect')) continue;
      const lock = await client.getMailboxLock(box.path);
      try {
        if (client.mailbox && client.mailbox.exists > 0) {
          const ok = await client.messageDelete('1:*');
          if (!ok) throw new Error(`seed: emptying ${box.path} failed`);
        }
      } finally {
        lock.release();
      }
    } else {
      await client.mailboxDelete(box.path);
    }
  }
}
