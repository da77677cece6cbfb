import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenFolders, type Folder, type MailboxTreeResponse } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { dbKinds, imapAs, newMailUser, startServer } from '../support/harness.testing.js';

const day = 86_400_000;

describe.each(dbKinds)('folder management on %s', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let user: { email: string; password: string };
  let client: TestClient;
  const tree = async () => (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body;
  const byPath = async (path: string) =>
    flattenFolders((await tree()).mailboxes).find((f) => f.path === path);
  const imapPaths = async () => {
    const imap = await imapAs(user);
    try {
      return (await imap.list()).map((e) => e.path);
    } finally {
      await imap.logout();
    }
  };

  beforeAll(async () => {
    server = await startServer(db);
    user = await newMailUser('folderops');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  it('creates folders at the top level and under a parent, with retention and hidden', async () => {
    const work = await client.post<Folder>('/api/u/0/mailbox/folders', {
      name: 'Work',
      parent: null,
      retention: 30 * day,
      hidden: false,
    });
    expect(work.status).toBe(200);
    expect(work.body).toMatchObject({ name: 'Work', path: 'Work', retention: 30 * day, systemFolder: false });
    const child = await client.post<Folder>('/api/u/0/mailbox/folders', {
      name: 'Reports',
      parent: work.body.id,
      retention: null,
      hidden: true,
    });
    expect(child.body).toMatchObject({
      path: 'Work/Reports',
      parent: work.body.id,
      hidden: true,
      retention: null,
    });
    expect(await imapPaths()).toEqual(expect.arrayContaining(['Work', 'Work/Reports']));
    expect((await byPath('Work'))?.retention).toBe(30 * day);
  });

  it('refuses bad names and duplicates with field errors', async () => {
    const post = (body: unknown) =>
      client.post<{ code: string; errors?: Record<string, string[]> }>('/api/u/0/mailbox/folders', body);
    const slash = await post({ name: 'a/b', parent: null });
    expect(slash.status).toBe(422);
    expect(slash.body.errors?.name?.join()).toMatch(/"\/"/);
    expect((await post({ name: '   ', parent: null })).body.errors?.name).toBeDefined();
    expect((await post({ name: 'x'.repeat(256), parent: null })).status).toBe(422);
    const dup = await post({ name: 'work', parent: '' });
    expect(dup.status).toBe(422);
    expect(dup.body).toMatchObject({
      code: 'ValidationError',
      errors: { name: [expect.stringMatching(/exists/)] },
    });
    expect((await post({ name: 'inbox', parent: null })).status).toBe(422);
    expect((await post({ name: 'Orphan', parent: 'no-such-id' })).body.errors?.parent).toBeDefined();
  });

  it('renames and moves a folder keeping its id and its subfolders ids', async () => {
    const work = (await byPath('Work'))!;
    const reports = (await byPath('Work/Reports'))!;
    const renamed = await client.patch<Folder>(`/api/u/0/mailbox/folders/${work.id}`, { name: 'Job' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: work.id, path: 'Job', retention: 30 * day });
    expect((await byPath('Job/Reports'))?.id).toBe(reports.id);
    const archiveParent = await client.post<Folder>('/api/u/0/mailbox/folders', {
      name: 'Old',
      parent: null,
    });
    const moved = await client.patch<Folder>(`/api/u/0/mailbox/folders/${work.id}`, {
      parent: archiveParent.body.id,
    });
    expect(moved.body).toMatchObject({ id: work.id, path: 'Old/Job', parent: archiveParent.body.id });
    expect((await byPath('Old/Job/Reports'))?.id).toBe(reports.id);
    const intoItself = await client.patch(`/api/u/0/mailbox/folders/${work.id}`, { parent: reports.id });
    expect(intoItself.status).toBe(422);
    const top = await client.patch<Folder>(`/api/u/0/mailbox/folders/${reports.id}`, { parent: '' });
    expect(top.body).toMatchObject({ id: reports.id, path: 'Reports', parent: null, hidden: true });
    const settings = await client.patch<Folder>(`/api/u/0/mailbox/folders/${reports.id}`, {
      retention: 90 * day,
      hidden: false,
    });
    expect(settings.body).toMatchObject({ retention: 90 * day, hidden: false });
    expect(await imapPaths()).toEqual(expect.arrayContaining(['Old/Job', 'Reports']));
    expect(await imapPaths()).not.toContain('Job');
  });

  it('lets a system folder change only its retention', async () => {
    const sent = (await tree()).mailboxes.find((f) => f.specialUse === 'sent')!;
    const rename = await client.patch<{ errors: Record<string, string[]> }>(
      `/api/u/0/mailbox/folders/${sent.id}`,
      {
        name: 'Outbox',
      },
    );
    expect(rename.status).toBe(422);
    expect(rename.body.errors.name).toEqual(['System folders cannot be renamed']);
    const other = (await byPath('Old'))!;
    const move = await client.patch<{ errors: Record<string, string[]> }>(
      `/api/u/0/mailbox/folders/${sent.id}`,
      {
        parent: other.id,
      },
    );
    expect(move.body.errors.parent).toEqual(['System folders cannot be moved']);
    const form = await client.patch<Folder>(`/api/u/0/mailbox/folders/${sent.id}`, {
      name: '',
      parent: null,
      retention: 60 * day,
      hidden: false,
    });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ id: sent.id, path: 'Sent', retention: 60 * day });
    const del = await client.delete<{ code: string }>(`/api/u/0/mailbox/folders/${sent.id}`);
    expect(del.status).toBe(403);
    expect(del.body.code).toBe('Forbidden');
  });

  it('orders custom folders by the user order, then by name', async () => {
    const ids = Object.fromEntries(
      await Promise.all(
        ['Zeta', 'Alpha', 'Mid'].map(async (name) => {
          const res = await client.post<Folder>('/api/u/0/mailbox/folders', { name, parent: null });
          return [name, res.body.id] as const;
        }),
      ),
    );
    const custom = async () => (await tree()).mailboxes.filter((f) => !f.systemFolder).map((f) => f.name);
    expect(await custom()).toEqual(['Alpha', 'Mid', 'Old', 'Reports', 'Zeta']);
    const res = await client.patch('/api/u/0/mailbox/folders/updateOrder', { order: [ids.Zeta, ids.Mid] });
    expect(res.body).toEqual({ ok: true });
    expect(await custom()).toEqual(['Zeta', 'Mid', 'Alpha', 'Old', 'Reports']);
    expect((await tree()).mailboxes.slice(0, 6).map((f) => f.specialUse)).toEqual([
      'inbox',
      'drafts',
      'sent',
      'archive',
      'junk',
      'trash',
    ]);
    const bad = await client.patch('/api/u/0/mailbox/folders/updateOrder', { order: ['nope'] });
    expect(bad.status).toBe(422);
  });

  it('deletes a folder with its messages and subfolders, and forgets their ids', async () => {
    const old = (await byPath('Old'))!;
    const imap = await imapAs(user);
    await imap.append(
      'Old/Job',
      await composeRaw({ from: 'a@example.test', to: user.email, subject: 's', text: 't' }),
    );
    await imap.logout();
    const res = await client.delete(`/api/u/0/mailbox/folders/${old.id}`);
    expect(res.status).toBe(200);
    expect((await imapPaths()).filter((p) => p.startsWith('Old'))).toEqual([]);
    expect((await client.delete(`/api/u/0/mailbox/folders/${old.id}`)).status).toBe(404);
    // Re-creating the same name gives a new folder with fresh settings, not the deleted one's.
    const again = await client.post<Folder>('/api/u/0/mailbox/folders', { name: 'Old', parent: null });
    expect(again.body.id).not.toBe(old.id);
    expect(again.body.retention).toBeNull();
  });

  it('answers the first tree after sign-in without waiting for the quota, which the details carry', async () => {
    const fresh = server.client();
    await fresh.signIn(user.email, user.password);
    const first = await fresh.get<MailboxTreeResponse>('/api/u/0/mailbox');
    expect(first.status).toBe(200);
    expect(first.body.mailboxes.length).toBeGreaterThan(0);
    expect(first.body.quota).toBeNull();
    const details = await fresh.get<{ quota: MailboxTreeResponse['quota'] }>('/api/u/0/details');
    expect(details.body.quota?.allowed).toBeGreaterThan(0);
    // Read once for the session: the next tree answers it.
    expect((await fresh.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.quota).toEqual(details.body.quota);
  });

  it('reports the account quota in bytes', async () => {
    await tree();
    const { quota } = await tree();
    expect(quota).not.toBeNull();
    expect(quota!.allowed).toBeGreaterThan(0);
    expect(quota!.allowed % 1024).toBe(0);
    expect(quota!.used).toBeGreaterThanOrEqual(0);
  });
});
