import type { MessageStructureObject } from 'imapflow';
import { withImap } from './mail-user';

function findPart(node: MessageStructureObject | undefined, filename: string): string | undefined {
  if (!node) return undefined;
  const name = node.dispositionParameters?.filename ?? node.parameters?.name;
  if (name === filename) return node.part;
  for (const child of node.childNodes ?? []) {
    const found = findPart(child, filename);
    if (found) return found;
  }
  return undefined;
}

/**
 * The bytes of an attachment read straight from Dovecot, bypassing the webmail, to check what the browser
 * downloaded.
 */
export async function attachmentBytesFromImap(
  user: { email: string; password: string },
  subject: string,
  filename: string,
): Promise<Buffer> {
  return withImap(user, async (client) => {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const uids = (await client.search({ subject }, { uid: true })) || [];
      const uid = uids[0];
      if (!uid) throw new Error(`no message "${subject}" in INBOX`);
      const message = await client.fetchOne(String(uid), { bodyStructure: true }, { uid: true });
      const part = message ? findPart(message.bodyStructure, filename) : undefined;
      if (!part) throw new Error(`no part named ${filename}`);
      const { content } = await client.download(String(uid), part, { uid: true });
      if (!content) throw new Error(`part ${part} has no content`);
      const chunks: Buffer[] = [];
      for await (const chunk of content) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } finally {
      lock.release();
    }
  });
}
