import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { ApiError, Filter, FiltersResponse, SecurityEventsPage, UserDetails } from '@webmail/contracts';
import { ManageSieveClient } from '../../src/mail/sieve/managesieve-client.js';
import { EventStreamReader } from '../support/event-stream.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { dbKinds, imapAs, signedIn, startServer } from '../support/harness.testing.js';
import { filtersBase as base, folderId, subjectFilter } from '../support/filters.testing.js';

async function sieveAs(user: { email: string; password: string }) {
  const client = await ManageSieveClient.connect({
    host: '127.0.0.1',
    port: inject('mailstack').ports.sieve,
  });
  await client.authenticate(user.email, user.password);
  return client;
}

describe.each(dbKinds)('filters API on %s', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let user: { email: string; password: string };

  beforeAll(async () => {
    server = await startServer(db);
    ({ user, client } = await signedIn(server, 'fapi'));
  });
  afterAll(() => server.close());

  const list = async () => (await client.get<FiltersResponse>(base)).body;

  it('creates, edits, toggles, moves to bottom and deletes, in order, with an event each and the script kept in step', async () => {
    expect(await list()).toEqual({ filters: [], script: { state: 'none', activeName: null } });
    const events = await EventStreamReader.open(client, 0);
    try {
      const created = await client.post<Filter>(base, subjectFilter('A', 'alpha'));
      expect(created.status).toBe(201);
      const a = created.body;
      expect(a).toMatchObject({
        name: 'A',
        disabled: false,
        query: { subject: 'alpha' },
        action: { flag: true },
        metaData: { canTargets: true, canMoveTo: true },
      });
      await events.next((e) => e.command === 'filterCreated' && e.id === a.id);
      const b = (await client.post<Filter>(base, subjectFilter('B', 'beta'))).body;
      const c = (await client.post<Filter>(base, subjectFilter('C', 'gamma'))).body;
      expect((await list()).script).toEqual({ state: 'ours', activeName: 'webmail' });

      const edited = await client.patch<Filter>(`${base}/${b.id}`, {
        name: 'B2',
        query: { from: 'boss', size: -2048 },
        action: { seen: true, spam: 'notspam' },
        disabled: false,
      });
      expect(edited.body).toMatchObject({ name: 'B2', query: { from: 'boss', size: -2048 } });
      await events.next((e) => e.command === 'filterUpdated' && e.id === b.id);

      const off = await client.patch<Filter>(`${base}/${a.id}`, { disabled: true });
      expect(off.body).toMatchObject({ name: 'A', disabled: true });

      const moved = await client.post<Filter>(`${base}/moveToBottom/${a.id}`);
      expect(moved.status).toBe(200);
      await events.next((e) => e.command === 'filterMoveToBottom' && e.id === a.id);
      expect((await list()).filters!.map((f) => f.name)).toEqual(['B2', 'C', 'A']);

      // The script on the server follows the list: B2 first (size −2048 → :under 2049), C, A left out (disabled).
      const sieve = await sieveAs(user);
      try {
        const script = await sieve.getScript('webmail');
        expect(script).toContain('size :under 2049');
        expect(script.indexOf('"boss"')).toBeLessThan(script.indexOf('"gamma"'));
        expect(script).not.toContain('"alpha"');
      } finally {
        await sieve.logout();
      }

      const toggled = await client.post<{ changed: number }>(`${base}/massToggle`, { disabled: true });
      expect(toggled.body.changed).toBe(3);
      expect((await list()).filters!.every((f) => f.disabled)).toBe(true);

      const deleted = await client.post<{ deleted: number }>(`${base}/massDelete`, { ids: [b.id, c.id] });
      expect(deleted.body.deleted).toBe(2);
      await events.next((e) => e.command === 'filterDeleted' && e.id === c.id);
      expect((await client.delete(`${base}/${a.id}`)).status).toBe(204);
      expect((await list()).filters).toEqual([]);
      expect((await client.delete(`${base}/${a.id}`)).body).toMatchObject({ reason: 'filterNotFound' });
    } finally {
      events.close();
    }
  });

  it('refuses bad input with 422 and field errors, and keeps nothing of it', async () => {
    const bad = async (body: unknown) => {
      const res = await client.post<ApiError>(base, body);
      expect(res.status).toBe(422);
      return res.body;
    };
    expect((await bad({ ...subjectFilter('', 'x') })).errors).toHaveProperty('name');
    expect((await bad({ ...subjectFilter('Evil"\n} discard; #', 'x') })).errors).toHaveProperty('name');
    expect(
      (await bad({ name: 'Size', query: { size: '12a' }, action: { flag: true } })).errors,
    ).toHaveProperty(['query.size']);
    expect(
      (await bad({ name: 'Empty', query: { subject: '  ' }, action: { flag: true } })).errors,
    ).toHaveProperty('query');
    expect((await bad({ name: 'Nothing', query: { subject: 'x' }, action: {} })).errors).toHaveProperty(
      'action',
    );
    expect(
      (await bad({ name: 'Folder', query: { subject: 'x' }, action: { mailbox: 'no-such-folder' } })).errors,
    ).toHaveProperty(['action.mailbox']);
    expect(
      (await bad({ name: 'Fw', query: { subject: 'x' }, action: { targets: ['not an address'] } })).errors,
    ).toHaveProperty(['action.targets.0']);
    const many = Array.from({ length: 500 }, (_, i) => `t${i}@elsewhere.test`);
    const targets = await client.request<ApiError>('PUT', `${base}/targets`, { body: { targets: many } });
    expect(targets.status).toBe(422);
    const invalid = await client.request<ApiError>('PUT', `${base}/targets`, {
      body: { targets: ['ok@elsewhere.test', 'bad@'] },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toHaveProperty(['targets.1']);
    const level = await client.request<ApiError>('PUT', `${base}/spamLevel`, { body: { spamLevel: 101 } });
    expect(level.status).toBe(422);
    const window = await client.request<ApiError>('PUT', `${base}/autoreply`, {
      body: {
        status: true,
        name: '',
        subject: 'x',
        text: 'x',
        html: '',
        start: '2026-02-01T00:00:00Z',
        end: '2026-01-01T00:00:00Z',
      },
    });
    expect(window.status).toBe(422);
    expect(window.body.errors).toHaveProperty('end');
    expect((await list()).filters).toEqual([]);
  });

  it('a quoted, Sieve-looking criterion stays a criterion in the script', async () => {
    const res = await client.post<Filter>(base, {
      name: 'Quotes',
      query: { subject: 'a" { discard; } "${x}' },
      action: { flag: true },
    });
    expect(res.status).toBe(201);
    const sieve = await sieveAs(user);
    try {
      expect(await sieve.getScript('webmail')).toContain(
        'header :contains "subject" "a\\" { discard; } \\"${wm_dollar}{x}"',
      );
    } finally {
      await sieve.logout();
    }
    await client.delete(`${base}/${res.body.id}`);
  });

  it('targets, spam level and auto-reply are stored, shown in the user details and logged as security events', async () => {
    const put = await client.request<{ targets: string[] }>('PUT', `${base}/targets`, {
      body: { targets: ['Copy@Elsewhere.test', 'copy@elsewhere.test', 'two@elsewhere.test'] },
    });
    expect(put.body.targets).toEqual(['copy@elsewhere.test', 'two@elsewhere.test']);
    expect((await client.request('PUT', `${base}/spamLevel`, { body: { spamLevel: 30 } })).status).toBe(200);
    const details = (await client.get<UserDetails>('/api/u/0/details')).body;
    expect(details).toMatchObject({ targets: ['copy@elsewhere.test', 'two@elsewhere.test'], spamLevel: 30 });
    // The sandbox's Pigeonhole offers spamtestplus (read from its ManageSieve greeting): the level applies.
    expect((await client.get(`${base}/spamLevel`)).body).toEqual({ spamLevel: 30, available: true });
    const reply = {
      status: true,
      name: 'Ann',
      subject: 'Away',
      text: 'Back soon',
      html: '<p>Back soon</p>',
      start: null,
      end: '2030-01-01T00:00:00.000Z',
    };
    expect((await client.request('PUT', `${base}/autoreply`, { body: reply })).body).toEqual(reply);
    expect((await client.get(`${base}/autoreply`)).body).toEqual(reply);
    const log = (await client.get<SecurityEventsPage>('/api/u/0/security/events')).body;
    expect(log.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['forwardingChanged', 'filtersChanged']),
    );
  });

  it('never overwrites another client’s active script; takes over only when asked, keeping the old one', async () => {
    const other = await signedIn(server, 'foreign');
    const foreign = 'require "fileinto";\r\nif header :contains "subject" "x" { fileinto "Trash"; }\r\n';
    const sieve = await sieveAs(other.user);
    try {
      await sieve.putScript('roundcube', foreign);
      await sieve.setActive('roundcube');
      const url = base;
      const created = await other.client.post<Filter>(url, subjectFilter('Mine', 'mine'));
      expect(created.status).toBe(201);
      expect((await other.client.get<FiltersResponse>(url)).body.script).toEqual({
        state: 'foreign',
        activeName: 'roundcube',
      });
      expect(await sieve.getScript('roundcube')).toBe(foreign);
      const takeOver = await other.client.post(`${url}/script/takeOver`, { replace: true });
      expect(takeOver.body).toEqual({ state: 'ours', activeName: 'webmail' });
      const scripts = await sieve.listScripts();
      expect(scripts).toEqual(
        expect.arrayContaining([
          { name: 'roundcube', active: false },
          { name: 'webmail', active: true },
        ]),
      );
      expect(await sieve.getScript('roundcube')).toBe(foreign);
    } finally {
      await sieve.logout();
    }
  });

  it('keeps a foreign script that uses the webmail’s name, under another name', async () => {
    const other = await signedIn(server, 'samename');
    const sieve = await sieveAs(other.user);
    try {
      await sieve.putScript('webmail', 'keep;\r\n');
      await sieve.setActive('webmail');
      expect((await other.client.post(base, subjectFilter('Mine', 'mine'))).status).toBe(201);
      const scripts = await sieve.listScripts();
      const kept = scripts.find((s) => s.name.startsWith('webmail-previous-'));
      expect(kept).toEqual({ name: expect.any(String), active: true });
      expect(await sieve.getScript(kept!.name)).toBe('keep;\r\n');
      expect((await other.client.get<FiltersResponse>(base)).body.script.state).toBe('foreign');
    } finally {
      await sieve.logout();
    }
  });

  it('moves mail into a folder by id, and follows the folder when it is renamed or deleted', async () => {
    const other = await signedIn(server, 'fold');
    const imap = await imapAs(other.user);
    await imap.mailboxCreate('Projects');
    await imap.logout();
    const id = await folderId(other.client, 'Projects');
    const res = await other.client.post<Filter>(base, {
      name: 'P',
      query: { to: 'x' },
      action: { mailbox: id },
    });
    expect(res.body.action.mailbox).toBe(id);
    const sieve = await sieveAs(other.user);
    try {
      expect(await sieve.getScript('webmail')).toContain('set "wm_mailbox" "Projects"');
      // Renaming the folder in the webmail recompiles the script with the new path (the filter keeps the id).
      const renamed = await other.client.patch(`/api/u/0/mailbox/folders/${id}`, { name: 'Clients' });
      expect(renamed.status).toBe(200);
      expect(await sieve.getScript('webmail')).toContain('set "wm_mailbox" "Clients"');
      // Deleting it: the message would stay in Inbox.
      expect((await other.client.delete(`/api/u/0/mailbox/folders/${id}`)).status).toBeLessThan(300);
      expect(await sieve.getScript('webmail')).toContain('set "wm_mailbox" "INBOX"');
    } finally {
      await sieve.logout();
    }
  });
});
