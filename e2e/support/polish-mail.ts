import type { Page } from '@playwright/test';
import { e2eBaseUrl } from './environment';
import { plainMessage, withImap, type MailUser } from './mail-user';

/** The mail the polish specs (issue 13) seed, and the folders and list rows they read back from the API. */

export interface ListRow {
  id: number;
  thread: string;
  subject: string;
}

/** Folder path → id. */
export async function folderIds(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get(`${e2eBaseUrl}/api/u/0/mailbox`);
  const { mailboxes } = (await res.json()) as { mailboxes: Array<{ id: string; path: string }> };
  return Object.fromEntries(mailboxes.map((f) => [f.path, f.id]));
}

/** The first 200 rows of a folder's message list. */
export async function listOf(page: Page, mailboxId: string): Promise<ListRow[]> {
  const res = await page.request.get(`${e2eBaseUrl}/api/u/0/mailbox/${mailboxId}/messages?limit=200`);
  return ((await res.json()) as { messages: ListRow[] }).messages;
}

/** Plain messages from `from` appended to the user's Inbox. */
export async function seed(
  user: MailUser,
  from: string,
  messages: Array<{ subject: string; date: Date; body?: string }>,
) {
  await withImap(user, async (client) => {
    // Appended now, in this order: the arrival order is not the date order.
    for (const m of messages) await client.append('INBOX', plainMessage({ from, to: user.email, ...m }));
  });
}

/** A day in milliseconds. */
export const day = 24 * 60 * 60_000;

/** A message of a thread: `references` are the Message-IDs (without brackets) it answers. */
function threadMessage(m: {
  from: string;
  to: string;
  subject: string;
  date: Date;
  id: string;
  references?: string[];
}) {
  const refs = (m.references ?? []).map((r) => `<${r}>`).join(' ');
  return Buffer.from(
    [
      `From: ${m.from}`,
      `To: ${m.to}`,
      `Subject: ${m.subject}`,
      `Date: ${m.date.toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: <${m.id}>`,
      ...(refs ? [`In-Reply-To: <${m.references!.at(-1)}>`, `References: ${refs}`] : []),
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Body of ${m.subject}`,
      '',
    ].join('\r\n'),
  );
}

/**
 * The inbox of `user`: a conversation Bob started, the user answered and Bob answered again (unread), and two
 * single messages ("Zebra" newest, "Apple" oldest).
 */
export async function seedConversation(user: MailUser) {
  const now = Date.now();
  const tag = Math.random().toString(36).slice(2);
  const bob = 'Bob Stone <bob@example.test>';
  const p1 = `p1.${tag}@t`;
  const p2 = `p2.${tag}@t`;
  // [from, to, subject, days ago, Message-ID, references, seen]
  const rows: Array<[string, string, string, number, string, string[], boolean]> = [
    ['Dave <dave@example.test>', user.email, 'Apple', 5, `a.${tag}@t`, [], true],
    [bob, user.email, 'Plans', 3, p1, [], true],
    [user.email, 'bob@example.test', 'Re: Plans', 2, p2, [p1], true],
    [bob, user.email, 'Re: Plans', 1, `p3.${tag}@t`, [p1, p2], false],
    ['Carol <carol@example.test>', user.email, 'Zebra', 1 / 24, `z.${tag}@t`, [], true],
  ];
  await withImap(user, async (client) => {
    for (const [from, to, subject, daysAgo, id, references, seen] of rows) {
      const raw = threadMessage({ from, to, subject, date: new Date(now - daysAgo * day), id, references });
      await client.append('INBOX', raw, seen ? ['\\Seen'] : []);
    }
  });
}
