import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MessageDetail, ThreadResponse } from '@webmail/contracts';
import { newMailUser, startServer } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { startImapFilterProxy } from '../support/imap-filter-proxy.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { deliver, folderIds, uidsBySubject } from '../support/reading.testing.js';

/**
 * The folders' conversation indexes belong to the account, not to the session that listed first: another session
 * that listed the Inbox in the same moment and signed out at once does not leave the account without them, and a
 * later session's sign-out does not drop them, nor, for a grace, the account's last. Opens then find their conversation without the header search
 * (counted on an IMAP relay between the server and Dovecot). In both ways of reaching the mailbox: through the
 * webmail's own door (delegated) and with the sessions' passwords.
 */
describe.each(['delegated', 'password'] as const)(
  'conversation indexes of the account (%s access)',
  (access) => {
    let server: Awaited<ReturnType<typeof startServer>>;
    let proxy: Awaited<ReturnType<typeof startImapFilterProxy>>;
    let user: { email: string; password: string };
    let sent: Buffer[] = [];

    const headerSearches = () =>
      Buffer.concat(sent)
        .toString('utf8')
        .split('\r\n')
        .filter((line) => /\bSEARCH\b.*\bHEADER\b/i.test(line));
    const signedIn = async () => {
      const client = server.client();
      await client.signIn(user.email, user.password);
      return client;
    };
    const listInbox = async (client: TestClient, ids: Record<string, string>) =>
      expect((await client.get(`/api/u/0/mailbox/${ids.inbox}/messages?limit=50`)).status).toBe(200);
    const open = async (client: TestClient, ids: Record<string, string>, uid: number) => {
      const { thread } = (await client.get<MessageDetail>(`/api/u/0/mailbox/${ids.inbox}/messages/${uid}`))
        .body;
      const res = await client.get<ThreadResponse>(
        `/api/u/0/mailbox/${ids.inbox}/threads/${thread}?messageId=${uid}`,
      );
      expect(res.status).toBe(200);
      return res.body.messages.map((m) => m.messageId);
    };
    const indexed = () => server.app.services.caches.threadIndexes.has(user.email, 'INBOX');

    beforeAll(async () => {
      user = await newMailUser(`account-index-${access}`);
      // Three conversations of two messages each, so each open below is of a conversation not opened before.
      const raws = [];
      for (const n of [1, 2, 3])
        for (const reply of [false, true])
          raws.push(
            await composeRaw({
              from: 'Alice <alice@example.test>',
              to: user.email,
              subject: `${reply ? 'Re: ' : ''}Topic ${n}`,
              date: new Date(`2025-04-0${n}T${reply ? 12 : 10}:00:00Z`),
              text: `Topic ${n}`,
              headers: {
                'Message-ID': `<t${n}${reply ? 'r' : ''}@example.test>`,
                ...(reply
                  ? { 'In-Reply-To': `<t${n}@example.test>`, References: `<t${n}@example.test>` }
                  : {}),
              },
            }),
          );
      await deliver(user.email, raws);
      proxy = await startImapFilterProxy(inject('mailstack').ports.imap, {}, { client: (c) => sent.push(c) });
      server = await startServer('sqlite', { IMAP_PORT: String(proxy.port), MAIL_ACCESS: access });
    });
    afterAll(async () => {
      await server.close();
      await proxy.close();
    });

    it("is read although the session that listed first signed out at once, and survives another session's sign-out", async () => {
      const measured = await signedIn();
      const other = await signedIn();
      const ids = await folderIds(measured);
      const uids = await uidsBySubject(user);
      // The other session lists first, the measured one in the same moment, then the other signs out at once.
      await listInbox(other, ids);
      await listInbox(measured, ids);
      expect((await other.post('/api/auth/logout?userIndex=0')).status).toBe(200);
      await expect.poll(indexed, { timeout: 20_000 }).toBe(true);
      sent = [];
      expect(await open(measured, ids, uids.get('Re: Topic 1')!)).toEqual([
        '<t1@example.test>',
        '<t1r@example.test>',
      ]);
      expect(headerSearches()).toEqual([]);

      // A third session comes, lists and goes: the index stays, and the next open needs no header search either.
      const third = await signedIn();
      await listInbox(third, ids);
      expect((await third.post('/api/auth/logout?userIndex=0')).status).toBe(200);
      expect(indexed()).toBe(true);
      sent = [];
      expect(await open(measured, ids, uids.get('Re: Topic 2')!)).toEqual([
        '<t2@example.test>',
        '<t2r@example.test>',
      ]);
      expect(headerSearches()).toEqual([]);
      expect((await measured.post('/api/auth/logout?userIndex=0')).status).toBe(200);
    });

    it("outlives the account's last sign-out: a sign-in soon after opens without a header search", async () => {
      const first = await signedIn();
      const ids = await folderIds(first);
      const uids = await uidsBySubject(user);
      await listInbox(first, ids);
      await expect.poll(indexed, { timeout: 20_000 }).toBe(true);
      expect((await first.post('/api/auth/logout?userIndex=0')).status).toBe(200);
      // That was the account's last session here (the other test's have signed out).
      expect(indexed()).toBe(true);

      const back = await signedIn();
      sent = [];
      expect(await open(back, ids, uids.get('Re: Topic 3')!)).toEqual([
        '<t3@example.test>',
        '<t3r@example.test>',
      ]);
      expect(headerSearches()).toEqual([]);
    });
  },
);
