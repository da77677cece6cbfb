import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderMessages, send, sleep, waitForMessages } from '../support/compose.testing.js';
import { createFilter } from '../support/filters.testing.js';
import { dbKinds, imapAs, newMailUser } from '../support/harness.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { startOidcServer, signInWithIdp } from '../support/oidc.testing.js';
import { folderIds } from '../support/reading.testing.js';

describe.each(dbKinds)('single sign-on (OpenID Connect, delegated mail access) on %s', (db) => {
  let oidc: Awaited<ReturnType<typeof startOidcServer>>;
  let alice: { email: string; password: string };
  let bob: { email: string; password: string };

  beforeAll(async () => {
    oidc = await startOidcServer(db);
    [alice, bob] = await Promise.all([newMailUser('sso-alice'), newMailUser('sso-bob')]);
    oidc.idp.addUser({ sub: 'alice-sub', email: alice.email.toUpperCase() });
  });
  afterAll(() => oidc.close());

  it('signs in through the provider into the inbox: reads, sends exactly once and saves a filter', async () => {
    const imap = await imapAs(alice);
    await imap.append(
      'INBOX',
      await composeRaw({ from: 'x@example.test', subject: 'Waiting', text: 'hi' }),
      [],
    );
    await imap.logout();
    const client = oidc.server.client();

    const back = await signInWithIdp(client, oidc.idp, 'alice-sub');
    expect(back.status, JSON.stringify(back.body)).toBe(303);
    expect(back.headers.get('location')).toBe('/u/0');
    const me = await client.get<{ email: string }>('/api/auth/me?userIndex=0');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(alice.email);

    const inbox = (await folderIds(client)).inbox!;
    const list = await client.get<{ messages: { subject: string }[] }>(`/api/u/0/mailbox/${inbox}/messages`);
    expect(list.status).toBe(200);
    expect(list.body.messages.map((m) => m.subject)).toEqual(['Waiting']);

    const draftId = crypto.randomUUID();
    const draft = { to: [{ name: '', address: bob.email }], subject: 'From SSO', html: '<p>Once</p>' };
    const [a, b] = await Promise.all([send(client, draftId, draft), send(client, draftId, draft)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await waitForMessages(bob, 'INBOX', 1);
    await sleep(1000);
    expect(
      (await folderMessages(bob, 'INBOX')).filter((m) => m.envelope.subject === 'From SSO'),
    ).toHaveLength(1);

    const filter = await createFilter(client, { query: { subject: 'invoice' }, action: { flag: true } });
    expect(filter.id).toBeTruthy();
  });
});
