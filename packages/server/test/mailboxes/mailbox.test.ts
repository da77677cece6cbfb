import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenFolders, type Folder } from '@webmail/contracts';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { dbKinds, imapAs, newMailUser, startServer } from '../support/harness.testing.js';

describe.each(dbKinds)('folder tree on %s', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let user: { email: string; password: string };

  beforeAll(async () => {
    server = await startServer(db);
    user = await newMailUser('folders');
    const imap = await imapAs(user);
    await imap.mailboxCreate(['Projects', 'Clients', 'Acme', '2026']);
    for (let i = 0; i < 3; i += 1) {
      const raw = await composeRaw({ from: 'x@example.test', to: user.email, subject: `m${i}`, text: 'hi' });
      await imap.append('INBOX', raw, i === 0 ? ['\\Seen'] : []);
    }
    await imap.logout();
  });
  afterAll(() => server.close());

  it('lists the system folders first, with special use and counts', async () => {
    const client = server.client();
    await client.signIn(user.email, user.password);
    const res = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
    expect(res.status).toBe(200);
    const top = res.body.mailboxes;
    expect(top.slice(0, 6).map((f) => f.specialUse)).toEqual([
      'inbox',
      'drafts',
      'sent',
      'archive',
      'junk',
      'trash',
    ]);
    const inbox = top[0]!;
    expect(inbox).toMatchObject({ systemFolder: true, total: 3, unseen: 2, path: 'INBOX' });
    expect(new Set(flattenFolders(top).map((f) => f.id)).size).toBe(flattenFolders(top).length);
  });

  it('nests custom folders under their parents with stable ids', async () => {
    const client = server.client();
    await client.signIn(user.email, user.password);
    const first = (await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox')).body.mailboxes;
    const projects = first.find((f) => f.path === 'Projects');
    const year = projects?.children[0]?.children[0]?.children[0];
    expect(year).toMatchObject({
      name: '2026',
      path: 'Projects/Clients/Acme/2026',
      systemFolder: false,
      specialUse: null,
    });
    expect(year?.parent).toBe(projects?.children[0]?.children[0]?.id);
    const again = (await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox')).body.mailboxes;
    expect(flattenFolders(again).map((f) => f.id)).toEqual(flattenFolders(first).map((f) => f.id));
  });

  it('turns placeholder parents (\\Noselect) into folders that open', async () => {
    const client = server.client();
    await client.signIn(user.email, user.password);
    const tree = (await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox')).body.mailboxes;
    const projects = tree.find((f) => f.path === 'Projects')!;
    const list = await client.get<{ total: number }>(`/api/u/0/mailbox/${projects.id}/messages`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(0);
  });
});
