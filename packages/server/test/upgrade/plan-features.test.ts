import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, UpgradeInfo, UserDetails } from '@webmail/contracts';
import { runAdminCli } from '../support/admin-cli.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';

/** Each CLI run is a process start: seconds on a busy two-core machine, three of them in one test. */
const cliTimeout = 180_000;

describe.each(dbKinds)('plan features: DISABLED_FEATURES and per-account overrides (%s)', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let alice: TestClient;
  let bob: TestClient;
  let aliceEmail: string;

  /** The operator's CLI, as a separate process on the server's database (as an operator runs it). */
  const admin = (...args: string[]) => {
    const database = server.config.database;
    return runAdminCli(args, {
      DATA_DIR: server.config.dataDir,
      DATABASE_URL: database.kind === 'postgres' ? database.url : database.file,
      DISABLED_FEATURES: 'signatures',
    });
  };

  beforeAll(async () => {
    server = await startServer(db, {
      DISABLED_FEATURES: 'signatures',
      UPGRADE_URL: 'https://example.test/upgrade',
    });
    const [a, b] = await Promise.all([newMailUser('plan-a'), newMailUser('plan-b')]);
    aliceEmail = a.email;
    alice = server.client();
    bob = server.client();
    await alice.signIn(a.email, a.password);
    await bob.signIn(b.email, b.password);
  });
  afterAll(() => server.close());

  const upgrade = async (client: TestClient) =>
    (await client.get<UpgradeInfo>('/api/u/0/settings/upgrade')).body;
  const reasonOf = async (client: TestClient, method: string, url: string, body?: unknown) => {
    const res = await client.request<ApiError>(method, url, body === undefined ? {} : { body });
    return res.status === 403 ? res.body.reason : res.status;
  };

  it('lists what the deployment switches off, with the upgrade address', async () => {
    expect(await upgrade(alice)).toEqual({
      features: ['signatures'],
      upgradeUrl: 'https://example.test/upgrade',
    });
    expect((await alice.get<UserDetails>('/api/u/0/details')).body.disabledFeatures).toEqual(['signatures']);
    expect(await reasonOf(alice, 'GET', '/api/u/0/signatures')).toBe('signaturesDisabled');
  });

  it(
    'switches features for one account from the command line, on every gated route, until reset',
    async () => {
      const out = await admin(
        'features',
        'set',
        aliceEmail.toUpperCase(),
        '--disable',
        'contacts,folders,autoreply',
        '--enable',
        'signatures',
      );
      expect(out).toContain(`${aliceEmail} lacks: folders, autoreply, contacts`);

      // Alice: the override applies at once, without a restart, on every route of each feature.
      expect(await upgrade(alice)).toEqual({
        features: ['folders', 'autoreply', 'contacts'],
        upgradeUrl: 'https://example.test/upgrade',
      });
      expect((await alice.get<UserDetails>('/api/u/0/details')).body.disabledFeatures).toEqual([
        'folders',
        'autoreply',
        'contacts',
      ]);
      expect(await reasonOf(alice, 'GET', '/api/u/0/contacts')).toBe('contactsDisabled');
      expect(await reasonOf(alice, 'GET', '/api/u/0/contacts/addressbooks')).toBe('contactsDisabled');
      expect(await reasonOf(alice, 'POST', '/api/u/0/mailbox/folders', { name: 'Plans', parent: null })).toBe(
        'foldersDisabled',
      );
      expect(await reasonOf(alice, 'GET', '/api/u/0/filters/autoreply')).toBe('autoreplyDisabled');
      expect(await reasonOf(alice, 'GET', '/api/u/0/signatures')).toBe(200);
      expect((await alice.get('/api/u/0/mailbox')).status).toBe(200);

      // Bob keeps the deployment's plan.
      expect(await upgrade(bob)).toEqual({
        features: ['signatures'],
        upgradeUrl: 'https://example.test/upgrade',
      });
      expect(await reasonOf(bob, 'GET', '/api/u/0/contacts')).toBe(200);
      expect(await reasonOf(bob, 'GET', '/api/u/0/signatures')).toBe('signaturesDisabled');
      const folder = await bob.post<{ id: string }>('/api/u/0/mailbox/folders', {
        name: 'Plans',
        parent: null,
      });
      expect(folder.status).toBe(200);

      const listed = await admin('features', 'list', aliceEmail);
      expect(listed).toContain('Deployment (DISABLED_FEATURES): signatures');
      expect(listed).toMatch(new RegExp(`${aliceEmail}\\tcontacts\\tdisabled`));
      expect(listed).toMatch(new RegExp(`${aliceEmail}\\tsignatures\\tenabled`));

      await admin('features', 'reset', aliceEmail, 'all');
      expect((await upgrade(alice)).features).toEqual(['signatures']);
      expect(await reasonOf(alice, 'GET', '/api/u/0/contacts')).toBe(200);
    },
    cliTimeout,
  );

  it(
    'refuses an unknown feature in the CLI without writing anything',
    async () => {
      await expect(admin('features', 'set', aliceEmail, '--disable', 'calendar')).rejects.toMatchObject({
        stdout: expect.stringContaining('unknown feature "calendar"'),
      });
      expect((await upgrade(alice)).features).toEqual(['signatures']);
    },
    cliTimeout,
  );
});

describe('nothing switched off', () => {
  it('lists no features and no upgrade address when the operator set none', async () => {
    const server = await startServer('sqlite');
    try {
      const user = await newMailUser('plan-none');
      const client = server.client();
      await client.signIn(user.email, user.password);
      expect((await client.get<UpgradeInfo>('/api/u/0/settings/upgrade')).body).toEqual({
        features: [],
        upgradeUrl: null,
      });
    } finally {
      await server.close();
    }
  });
});
