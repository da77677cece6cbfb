import { expect, inject } from 'vitest';
import { attachMailstack, sendViaMta } from '@webmail/mailstack';
import { imapAs, newMailUser, type startServer } from './harness.testing.js';
import {
  buildMail,
  createFilter,
  filtersBase,
  sieveLogOutcome,
  storedAt,
  type FilterSpec,
  type TestMail,
} from './filters.testing.js';

type Server = Awaited<ReturnType<typeof startServer>>;

/** One delivery case: the account's filters and settings, the mail, and where it must end up. */
export interface Case {
  name: string;
  filters?: FilterSpec[];
  targets?: string[];
  spamLevel?: number;
  /** Folders to delete after the filters are saved (a filter's target that is gone). */
  deleteFolders?: string[];
  mail: TestMail;
  folder: string | null;
  flags?: string[];
  forwards?: string[];
}

export const to = (mailbox: string) => ({ mailbox });

/** A fresh account with Work and Other folders, the case's filters, forwarding targets and spam level. */
export async function prepareDelivery(
  server: Server,
  c: {
    filters?: FilterSpec[];
    targets?: string[];
    spamLevel?: number;
    deleteFolders?: string[];
  },
) {
  const user = await newMailUser('flt');
  const client = server.client();
  await client.signIn(user.email, user.password);
  const imap = await imapAs(user);
  await imap.mailboxCreate('Work');
  await imap.mailboxCreate('Other');
  for (const filter of c.filters ?? []) await createFilter(client, filter);
  if (c.targets)
    expect(
      (await client.request('PUT', `${filtersBase}/targets`, { body: { targets: c.targets } })).status,
    ).toBe(200);
  if (c.spamLevel !== undefined) {
    expect(
      (await client.request('PUT', `${filtersBase}/spamLevel`, { body: { spamLevel: c.spamLevel } })).status,
    ).toBe(200);
  }
  for (const folder of c.deleteFolders ?? []) await imap.mailboxDelete(folder);
  return { user, client, imap };
}

/** Sends the case's mail through Postfix and checks where it was stored, its flags and the Sieve log's forwards. */
export async function deliverCase(server: Server, c: Case): Promise<void> {
  const { user, imap } = await prepareDelivery(server, c);
  try {
    const { raw, messageId } = buildMail({ ...c.mail }, user.email);
    await sendViaMta(attachMailstack(inject('mailstack')), raw, {
      from: 'someone@other.test',
      to: [user.email],
    });
    const outcome = await sieveLogOutcome(user.email, messageId);
    const stored = await storedAt(imap, messageId, [
      'INBOX',
      'Work',
      'Junk',
      ...(c.deleteFolders ? [] : ['Other']),
    ]);
    expect({ folder: stored?.folder ?? null, flags: stored?.flags ?? [] }).toEqual({
      folder: c.folder,
      flags: c.folder ? (c.flags ?? []).sort() : [],
    });
    expect(outcome.folder).toBe(c.folder);
    if (c.forwards) expect(outcome.forwards).toEqual([...c.forwards].sort());
  } finally {
    await imap.logout();
  }
}
