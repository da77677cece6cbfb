import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder, MessageListResponse, RecentPartiesResponse, ReplyPrefill } from '@webmail/contracts';
import { newMailUser } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw, tinyPdf } from '../support/mail-fixtures.testing.js';
import { imapAs } from '../support/harness.testing.js';
import {
  folderMessages,
  send,
  startComposeServer,
  upload,
  waitForMessages,
  type MailUser,
} from '../support/compose.testing.js';

async function folderId(client: TestClient, use: string): Promise<string> {
  const tree = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
  return tree.body.mailboxes.find((f) => f.specialUse === use)!.id;
}

async function newest(client: TestClient, use: string) {
  const id = await folderId(client, use);
  const list = await client.get<MessageListResponse>(`/api/u/0/mailbox/${id}/messages?limit=5`);
  return { mailboxId: id, message: list.body.messages[0]! };
}

describe('reply, reply all, forward and recent parties', () => {
  let server: Awaited<ReturnType<typeof startComposeServer>>;
  let alice: MailUser, bob: MailUser, dave: MailUser, erin: MailUser;
  let aliceClient: TestClient, bobClient: TestClient;

  beforeAll(async () => {
    server = await startComposeServer('sqlite');
    alice = await newMailUser('alice');
    bob = await newMailUser('bob');
    dave = await newMailUser('dave');
    erin = await newMailUser('erin');
    aliceClient = server.client();
    await aliceClient.signIn(alice.email, alice.password);
    bobClient = server.client();
    await bobClient.signIn(bob.email, bob.password);
  });
  afterAll(() => server.close());

  it('reply all goes to the sender and the other recipients, and threads for both sides', async () => {
    const pdf = tinyPdf('orig');
    const file = await upload(aliceClient, { name: 'orig.pdf', type: 'application/pdf', content: pdf });
    const original = await send(aliceClient, crypto.randomUUID(), {
      from: { name: 'Alice A', address: alice.email },
      to: [
        { name: 'Bob B', address: bob.email },
        { name: 'Dave D', address: dave.email },
      ],
      cc: [{ name: 'Erin E', address: erin.email }],
      subject: 'Planning <meeting> & more',
      html: '<p>Shall we meet <b>Tuesday</b>?</p><script>alert(1)</script>',
      attachments: [file.body],
    });
    expect(original.body.status).toBe('sent');
    await waitForMessages(bob, 'INBOX', 1);

    const { mailboxId, message } = await newest(bobClient, 'inbox');
    const res = await bobClient.get<ReplyPrefill>(
      `/api/u/0/compose/replyTo/${mailboxId}/${message.id}?mode=replyAll&tz=Europe/Tallinn`,
    );
    expect(res.status).toBe(200);
    const draft = res.body.draft;
    expect(draft.to).toEqual([
      { name: 'Alice A', address: alice.email },
      { name: 'Dave D', address: dave.email },
    ]);
    expect(draft.cc).toEqual([{ name: 'Erin E', address: erin.email }]);
    expect(draft.subject).toBe('Re: Planning <meeting> & more');
    expect(draft.inReplyTo).toBe(original.body.messageId);
    expect(draft.references).toEqual([original.body.messageId]);
    expect(draft.attachments).toEqual([]);
    expect(draft.html).toContain('Alice A &lt;');
    expect(draft.html).toMatch(/<blockquote type="cite">.*Tuesday/s);
    expect(draft.html).not.toContain('<script');
    expect(draft.text).toContain('> Shall we meet Tuesday?');

    const again = await bobClient.get<ReplyPrefill>(
      `/api/u/0/compose/replyTo/${mailboxId}/${message.id}?mode=reply`,
    );
    expect(again.body.draft.to).toEqual([{ name: 'Alice A', address: alice.email }]);
    expect(again.body.draft.cc).toEqual([]);

    const reply = await send(bobClient, crypto.randomUUID(), { ...draft, html: `<p>Yes!</p>${draft.html}` });
    expect(reply.body.status).toBe('sent');
    const [atAlice] = await waitForMessages(alice, 'INBOX', 1);
    const parsed = await PostalMime.parse(atAlice!.source);
    expect(parsed.inReplyTo).toBe(original.body.messageId);
    expect(parsed.subject).toBe('Re: Planning <meeting> & more');
    await waitForMessages(dave, 'INBOX', 2);
    await waitForMessages(erin, 'INBOX', 2);

    // The same conversation on both sides: Sent original + received reply, received original + Sent reply.
    const aliceSent = await newest(aliceClient, 'sent');
    const aliceInbox = await newest(aliceClient, 'inbox');
    expect(aliceInbox.message.thread).toBe(aliceSent.message.thread);
    const bobSent = await newest(bobClient, 'sent');
    expect(bobSent.message.thread).toBe(message.thread);
    expect(bobSent.message.thread).toBe(aliceSent.message.thread);
  });

  it('forwards with the original attachments, or as an .eml attachment', async () => {
    const { mailboxId, message } = await newest(bobClient, 'inbox');
    const fwd = await bobClient.get<ReplyPrefill>(
      `/api/u/0/compose/replyTo/${mailboxId}/${message.id}?mode=forward`,
    );
    const draft = fwd.body.draft;
    expect(draft.subject).toBe('Fwd: Planning <meeting> & more');
    expect(draft.to).toEqual([]);
    expect(draft.inReplyTo).toBeNull();
    expect(draft.html).toContain('Forwarded message');
    expect(draft.attachments).toEqual([
      expect.objectContaining({
        type: 'messagePart',
        mailboxId,
        messageId: message.id,
        filename: 'orig.pdf',
      }),
    ]);
    const carl = await newMailUser('carl');
    const sent = await send(bobClient, crypto.randomUUID(), {
      ...draft,
      to: [{ name: '', address: carl.email }],
    });
    expect(sent.body.status).toBe('sent');
    const [forwarded] = await waitForMessages(carl, 'INBOX', 1);
    const parsed = await PostalMime.parse(forwarded!.source);
    expect(parsed.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      ['orig.pdf', 'application/pdf'],
    ]);
    expect(Buffer.from(parsed.attachments[0]!.content as ArrayBuffer).equals(tinyPdf('orig'))).toBe(true);

    const asEml = await bobClient.get<ReplyPrefill>(
      `/api/u/0/compose/replyTo/${mailboxId}/${message.id}?mode=forwardAsAttachment`,
    );
    expect(asEml.body.draft.attachments).toEqual([
      expect.objectContaining({
        type: 'message',
        filename: 'Planning _meeting_ & more.eml',
        contentType: 'message/rfc822',
      }),
    ]);
    await send(bobClient, crypto.randomUUID(), {
      ...asEml.body.draft,
      to: [{ name: '', address: carl.email }],
    });
    const [, emlMail] = await waitForMessages(carl, 'INBOX', 2);
    const eml = await PostalMime.parse(emlMail!.source, { forceRfc822Attachments: true });
    expect(eml.attachments.map((a) => a.mimeType)).toEqual(['message/rfc822']);
    const inner = await PostalMime.parse(eml.attachments[0]!.content as ArrayBuffer);
    expect(inner.subject).toBe('Planning <meeting> & more');
    expect(inner.attachments.map((a) => a.filename)).toEqual(['orig.pdf']);
  });

  it('suggests recent parties ranked by recency and frequency, from sends and the mailboxes', async () => {
    const imap = await imapAs(alice);
    const raw = await composeRaw({
      from: 'Zed Zimmermann <zed@example.org>',
      to: alice.email,
      subject: 'hello',
      text: 'hi',
      messageId: '<zed-1@example.org>',
    });
    await imap.append('INBOX', raw, []);
    await imap.logout();
    const search = (q: string) =>
      aliceClient.get<RecentPartiesResponse>(
        `/api/u/0/mailbox/compose/recentParties?query=${encodeURIComponent(q)}`,
      );
    const zed = await search('zimm');
    expect(zed.status).toBe(200);
    expect(zed.body.recentParties).toEqual([
      { id: expect.any(String), name: 'Zed Zimmermann', address: 'zed@example.org' },
    ]);
    // Bob and Dave were written to; Bob also wrote back, so he ranks first among "example.test" people.
    const people = (await search('example.test')).body.recentParties.map((p) => p.address);
    expect(people.slice(0, 2)).toEqual([bob.email, dave.email]);
    expect(people).not.toContain(alice.email);
    expect((await search('Dave D')).body.recentParties.map((p) => p.address)).toEqual([dave.email]);
    expect((await search('')).body.recentParties).toEqual([]);
    expect((await search('b'.repeat(256))).body.recentParties).toEqual([]);
    expect((await search('%')).body.recentParties).toEqual([]);
    expect(await folderMessages(alice, 'Drafts')).toHaveLength(0);
  });
});
