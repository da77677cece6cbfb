import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Filter, FiltersImportResult, FiltersResponse } from '@webmail/contracts';
import { sendForm } from '../support/contacts.testing.js';
import { EventStreamReader } from '../support/event-stream.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { dbKinds, imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { filtersBase as base, folderId } from '../support/filters.testing.js';

const fixture = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/mailFilters.xml'),
);
const upload = (client: TestClient, data: Buffer | string, filename = 'mailFilters.xml') =>
  sendForm<FiltersImportResult & ApiError>(client, 'POST', `${base}/import`, {
    filtersImport: { data: Buffer.from(data), filename, type: 'application/xml' },
  });
const comparable = (filters: Filter[]) => filters.map(({ id: _id, created: _created, ...rest }) => rest);

/** Acceptance 3: Gmail's mailFilters.xml (every property of its documented export format). */
describe.each(dbKinds)('filters import and export on %s', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let ids: { budget: string; archive: string; trash: string };

  beforeAll(async () => {
    server = await startServer(db);
    const user = await newMailUser('gxml');
    client = server.client();
    await client.signIn(user.email, user.password);
    const imap = await imapAs(user);
    await imap.mailboxCreate('Projects/Budget');
    await imap.logout();
    ids = {
      budget: await folderId(client, 'Projects/Budget'),
      archive: await folderId(client, 'Archive'),
      trash: await folderId(client, 'Trash'),
    };
  });
  afterAll(() => server.close());

  it('imports every supported property and reports the rest per entry', async () => {
    const events = await EventStreamReader.open(client, 0);
    try {
      const res = await upload(client, fixture);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        imported: 4,
        problems: [
          {
            entry: 1,
            name: 'from: boss@corp.example',
            properties: ['excludeChats', 'shouldAlwaysMarkAsImportant', 'forwardTo'],
            skipped: false,
          },
          {
            entry: 2,
            name: 'from: newsletter@shop.example',
            properties: ['smartLabelToApply'],
            skipped: false,
          },
          {
            entry: 3,
            name: 'subject: Old invoices',
            properties: ['shouldNeverMarkAsImportant'],
            skipped: false,
          },
          { entry: 4, name: 'hasTheWord: unsubscribe', properties: ['label', 'no actions'], skipped: true },
          { entry: 5, name: 'Mail Filter', properties: ['cannedResponse'], skipped: true },
          {
            entry: 6,
            name: 'hasTheWord: cc:boss@corp.example -subject:"weekly report"',
            properties: ['hasTheWord: cc:'],
            skipped: true,
          },
          {
            entry: 8,
            name: 'from: boss@corp.example',
            properties: ['doesNotHaveTheWord (negation)'],
            skipped: true,
          },
        ],
      });
      await events.next((e) => e.command === 'filterImported' && e.count === 4);
      await events.next((e) => e.command === 'filterImportFailed' && e.failed === 7);
    } finally {
      events.close();
    }
    const filters = (await client.get<FiltersResponse>(base)).body.filters!;
    expect(comparable(filters)).toEqual([
      {
        name: 'from: boss@corp.example',
        disabled: false,
        query: {
          from: 'boss@corp.example',
          to: 'team@corp.example',
          subject: 'Quarterly numbers',
          listId: 'dev.lists.example',
          text: 'budget OR forecast',
          ha: true,
          size: 2 * 1024 * 1024,
        },
        action: {
          seen: true,
          flag: true,
          spam: 'notspam',
          mailbox: ids.budget,
        },
        metaData: { canTargets: true, canMoveTo: true },
      },
      {
        name: 'from: newsletter@shop.example',
        disabled: false,
        query: { from: 'newsletter@shop.example' },
        action: { mailbox: ids.archive },
        metaData: { canTargets: true, canMoveTo: true },
      },
      {
        name: 'subject: Old invoices',
        disabled: false,
        query: { subject: 'Old invoices', size: -500 * 1024 },
        action: { mailbox: ids.trash },
        metaData: { canTargets: true, canMoveTo: true },
      },
      {
        name: 'subject: Café & crème',
        disabled: false,
        query: { subject: 'Café & crème', from: 'chef@kitchen.example', text: '"menu du jour"' },
        action: { flag: true },
        metaData: { canTargets: true, canMoveTo: true },
      },
    ]);
  });

  it('export, then import again, gives identical filters (our own additions included)', async () => {
    await client.post(base, {
      name: 'Drop <spam> & "junk"',
      query: { subject: 'win', text: '"free money"' },
      action: { delete: true, spam: 'spam' },
      disabled: true,
    });
    // Gmail's OR binds tighter than AND, and our text is an OR of ANDs: the export must say it Gmail's way.
    await client.post(base, {
      name: 'Search syntax',
      query: {
        from: 'John Smith',
        text: 'alpha beta OR "gamma delta" OR from:x',
        listId: 'dev.lists.example',
      },
      action: { flag: true },
    });
    const before = (await client.get<FiltersResponse>(base)).body.filters!;
    const exported = await client.get<string>(`${base}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('mailFilters.xml');
    expect(exported.body).toContain('xmlns:apps');
    await client.post(`${base}/massDelete`, { ids: before.map((f) => f.id) });
    const again = await upload(client, exported.raw);
    expect(again.body).toEqual({ imported: before.length, problems: [] });
    const after = (await client.get<FiltersResponse>(base)).body.filters!;
    expect(comparable(after)).toEqual(comparable(before));
  });

  it('refuses a file that is not XML, a DTD, a feed without filters, and a 10 MB file, clearly', async () => {
    const count = (await client.get<FiltersResponse>(base)).body.filters!.length;
    const notXml = await upload(client, 'name,email\nAnn,ann@example.test\n', 'contacts.csv');
    expect(notXml.status).toBe(422);
    expect(notXml.body.reason).toBe('filtersImportInvalid');
    const dtd = await upload(
      client,
      '<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY a "aaaa">]><feed><entry/></feed>',
    );
    expect(dtd.body.reason).toBe('filtersImportInvalid');
    const other = await upload(client, '<?xml version="1.0"?><html><body/></html>');
    expect(other.body.reason).toBe('filtersImportInvalid');
    // Nesting far past anything Gmail writes (its file is four levels deep) is refused, not a server error.
    for (const depth of [25, 1000, 200_000]) {
      const deep = await upload(
        client,
        `<?xml version="1.0"?><feed>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</feed>`,
      );
      expect(deep.status, `${depth} nested tags`).toBe(422);
      expect(deep.body.reason).toBe('filtersImportInvalid');
      expect(deep.body.message).toMatch(/nested/i);
    }
    const big = await upload(client, Buffer.alloc(10 * 1024 * 1024, 0x20));
    expect(big.status).toBe(413);
    expect(big.body.errors).toHaveProperty('filtersImport');
    const missing = await sendForm<ApiError>(client, 'POST', `${base}/import`, { other: 'x' });
    expect(missing.status).toBe(422);
    expect((await client.get<FiltersResponse>(base)).body.filters!.length).toBe(count);
  });
});
