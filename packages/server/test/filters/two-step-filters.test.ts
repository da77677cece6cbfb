import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Filter, FiltersImportResult, FiltersResponse } from '@webmail/contracts';
import { attachMailstack, sendViaMta } from '@webmail/mailstack';
import { sendForm } from '../support/contacts.testing.js';
import { buildMail, filtersBase as base, folderId, storedAt } from '../support/filters.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { ImapFlow } from 'imapflow';
import type { TestClient } from '../support/http-client.testing.js';
import { enablePasskey, enableTotp, nextTotpCode, passwordStep } from '../support/security.testing.js';

const gmailXml = `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns='http://www.w3.org/2005/Atom' xmlns:apps='http://schemas.google.com/apps/2006'>
  <entry><category term='filter'></category><title>Mail Filter</title>
    <apps:property name='subject' value='imported'/><apps:property name='shouldStar' value='true'/>
  </entry>
</feed>`;

type Server = Awaited<ReturnType<typeof startServer>>;
type MailUser = { email: string; password: string };

/** A browser signed in with the password and then the TOTP code (a session that never had an IMAP login). */
async function totpSignIn(server: Server, user: MailUser) {
  const { secret } = await enableTotp(server.client(), user);
  const browser = server.client();
  const step = await passwordStep(browser, user);
  expect(step.body.secondFactor.methods).toEqual(['totp']);
  const done = await browser.post('/api/auth/2fa', {
    id: step.body.secondFactor.id,
    code: nextTotpCode(secret),
  });
  expect(done.status).toBe(200);
  return browser;
}

/** A browser signed in with the password and then a passkey. */
async function passkeySignIn(server: Server, user: MailUser) {
  const passkey = await enablePasskey(server.client(), user, server.config.security.webauthn);
  const browser = server.client();
  const step = await passwordStep(browser, user);
  expect(step.body.secondFactor.methods).toEqual(['webauthn']);
  const { id } = step.body.secondFactor;
  const options = await browser.post<{ options: { challenge: string } }>('/api/auth/2fa/webauthn/options', {
    id,
  });
  expect(options.status).toBe(200);
  const done = await browser.post('/api/auth/2fa/webauthn', {
    id,
    response: passkey.signIn(options.body.options),
  });
  expect(done.status).toBe(200);
  return browser;
}

async function twoStepSignIn(server: Server, mode: string, factor: 'totp' | 'passkey') {
  const user = await newMailUser(`two-step-${factor}-${mode}`);
  const browser = factor === 'totp' ? await totpSignIn(server, user) : await passkeySignIn(server, user);
  return { user, browser };
}

async function everyFilterSetting(browser: TestClient) {
  expect((await browser.get<FiltersResponse>(base)).status).toBe(200);
  const work = await folderId(browser, 'Archive');
  const created = await browser.post<Filter>(base, {
    name: 'Invoices',
    query: { subject: 'invoice' },
    action: { mailbox: work },
  });
  expect(created.status).toBe(201);
  const imported = await sendForm<FiltersImportResult>(browser, 'POST', `${base}/import`, {
    filtersImport: { data: Buffer.from(gmailXml), filename: 'mailFilters.xml', type: 'application/xml' },
  });
  expect(imported.status).toBe(200);
  const listed = (await browser.get<FiltersResponse>(base)).body;
  expect(listed.script).toEqual({ state: 'ours', activeName: 'webmail' });
  const importedFilter = listed.filters!.find((f) => f.query.subject === 'imported')!;
  expect((await browser.request('DELETE', `${base}/${importedFilter.id}`)).status).toBe(204);
  const autoreply = {
    status: true,
    name: 'Ann',
    subject: 'Away',
    text: 'Back soon',
    html: '<p>Back soon</p>',
    start: null,
    end: null,
  };
  expect((await browser.request('PUT', `${base}/autoreply`, { body: autoreply })).status).toBe(200);
  const targets = { targets: ['copy@elsewhere.test'] };
  expect((await browser.request('PUT', `${base}/targets`, { body: targets })).status).toBe(200);
  expect((await browser.request('PUT', `${base}/spamLevel`, { body: { spamLevel: 40 } })).status).toBe(200);
  expect((await browser.get<FiltersResponse>(base)).body.filters!.map((f) => f.name)).toEqual(['Invoices']);
}

/**
 * Two-step sign-in used to lock the webmail out of ManageSieve (it logged in with the account password on the public
 * Sieve port, which refuses it under two-step). In both credential modes an account with TOTP on now keeps every
 * filter setting (with an authenticator app or a passkey), and a delivery through Postfix → LMTP → Sieve obeys the filter it saved.
 */
describe.each([
  ['delegated', 'totp'],
  ['delegated', 'passkey'],
  ['password', 'totp'],
  ['password', 'passkey'],
] as const)('filters under two-step sign-in, %s mail access, %s', (mode, factor) => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer('sqlite', { MAIL_ACCESS: mode });
  });
  afterAll(() => server.close());

  it('lists, creates, imports and deletes filters, saves auto-reply, forwarding and spam level; delivery obeys', async () => {
    const { user, browser } = await twoStepSignIn(server, mode, factor);
    await everyFilterSetting(browser);
    const { raw, messageId } = buildMail({ subject: 'Your invoice 42' }, user.email);
    await sendViaMta(attachMailstack(inject('mailstack')), raw, {
      from: 'someone@other.test',
      to: [user.email],
    });
    // Under two-step sign-in the account password opens only the webmail's own IMAP door.
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port: inject('mailstack').ports.webmailImap,
      secure: false,
      auth: { user: user.email, pass: user.password },
      logger: false,
    });
    await imap.connect();
    try {
      let stored = null;
      for (let i = 0; i < 200 && !stored; i += 1)
        stored = await storedAt(imap, messageId, ['Archive', 'INBOX']);
      expect(stored?.folder).toBe('Archive');
    } finally {
      await imap.logout();
    }
  });
});
