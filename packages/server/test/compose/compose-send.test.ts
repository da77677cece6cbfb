import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, newMailUser } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { pixelPng, tinyPdf } from '../support/mail-fixtures.testing.js';
import {
  folderMessages,
  me,
  send,
  sleep,
  startComposeServer,
  upload,
  waitForMessages,
  type MailUser,
} from '../support/compose.testing.js';

const sha = (b: Buffer | Uint8Array | ArrayBuffer | string) =>
  createHash('sha256')
    .update(
      typeof b === 'string' ? Buffer.from(b) : Buffer.from(b instanceof ArrayBuffer ? new Uint8Array(b) : b),
    )
    .digest('hex');

describe.each(dbKinds)('sending on %s', (db) => {
  let server: Awaited<ReturnType<typeof startComposeServer>>;
  let client: TestClient;
  let alice: MailUser;
  let bob: MailUser;

  beforeAll(async () => {
    server = await startComposeServer(db);
    alice = await newMailUser('alice');
    bob = await newMailUser('bob');
    client = server.client();
    await client.signIn(alice.email, alice.password);
  });
  afterAll(() => server.close());

  it('delivers a message with an attachment, a non-ASCII subject and an inline image, with all parts intact', async () => {
    const draftId = crypto.randomUUID();
    const pdf = tinyPdf('Q3');
    const pdfName = 'Kvartaliaruanne Q3 – ülevaade.pdf';
    const file = await upload(client, { name: pdfName, type: 'application/pdf', content: pdf }, { draftId });
    expect(file.status).toBe(201);
    const image = await upload(
      client,
      { name: 'logo.png', type: 'image/png', content: pixelPng },
      { draftId, inline: true },
    );
    expect(image.status).toBe(201);
    expect(image.body.contentId).toBeTruthy();
    const subject = 'Aruanne ja pildid – ülevaade ✓ Привет';
    const draft = {
      from: me(alice, 'Alice Ääremaa'),
      to: [{ name: 'Bob Böömi', address: bob.email }],
      subject,
      html: `<p>Tere, <b>Bob</b>!</p><p>Pilt: <img src="cid:${image.body.contentId}" alt="logo"></p>`,
      attachments: [file.body, image.body],
    };
    const res = await send(client, draftId, draft);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'sent', draftId, failure: null, attempts: 1 });

    const [received] = await waitForMessages(bob, 'INBOX', 1);
    const raw = received!.source;
    const head = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('latin1');
    expect(head).toMatch(/^Subject: =\?UTF-8\?/im);
    expect(head).toMatch(/^Message-ID: <wm\.[0-9a-f]{32}@example\.test>$/im);
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/X-Webmail-Draft-Id/i);
    const text = raw.toString('latin1');
    for (const type of ['multipart/mixed', 'multipart/alternative', 'multipart/related'])
      expect(text).toContain(type);
    expect(text).toMatch(/filename\*(0\*)?=utf-8''/i);

    const postal = await PostalMime.parse(raw);
    const mp = await simpleParser(raw);
    expect(postal.subject).toBe(subject);
    expect(mp.subject).toBe(subject);
    expect(postal.from).toEqual({ name: 'Alice Ääremaa', address: alice.email });
    expect(mp.from?.value[0]).toMatchObject({ name: 'Alice Ääremaa', address: alice.email });
    expect(postal.to).toEqual([{ name: 'Bob Böömi', address: bob.email }]);
    expect(postal.text?.trim()).toBe('Tere, Bob!\n\nPilt: logo');
    expect(mp.text?.trim()).toBe(postal.text?.trim());
    expect(postal.html).toContain(`cid:${image.body.contentId}`);
    expect(postal.messageId).toBe(res.body.messageId);
    expect(mp.messageId).toBe(res.body.messageId);
    const postalParts = postal.attachments
      .map((a) => ({
        name: a.filename,
        type: a.mimeType,
        sha: sha(a.content as ArrayBuffer),
        cid: a.contentId ?? null,
      }))
      .sort((a, b) => a.type.localeCompare(b.type));
    const mpParts = mp.attachments
      .map((a) => ({ name: a.filename, type: a.contentType, sha: sha(a.content), cid: a.contentId ?? null }))
      .sort((a, b) => a.type.localeCompare(b.type));
    expect(postalParts).toEqual([
      { name: pdfName, type: 'application/pdf', sha: sha(pdf), cid: null },
      { name: 'logo.png', type: 'image/png', sha: sha(pixelPng), cid: `<${image.body.contentId}>` },
    ]);
    expect(mpParts).toEqual(postalParts);

    const sent = await folderMessages(alice, 'Sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.flags.has('\\Seen')).toBe(true);
    expect(sent[0]!.envelope.messageId).toBe(res.body.messageId);
    expect(await folderMessages(alice, 'Drafts')).toHaveLength(0);
  });

  it('never delivers twice when the send request is repeated or sent twice at once', async () => {
    const draftId = crypto.randomUUID();
    const draft = { to: [{ name: '', address: bob.email }], subject: 'Exactly once', html: '<p>Once</p>' };
    const before = (await folderMessages(bob, 'INBOX')).length;
    const [a, b] = await Promise.all([send(client, draftId, draft), send(client, draftId, draft)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.id).toBe(b.body.id);
    const retry = await send(client, draftId, draft);
    expect(retry.body).toMatchObject({ id: a.body.id, status: 'sent' });
    await waitForMessages(bob, 'INBOX', before + 1);
    await sleep(1500);
    const inbox = await folderMessages(bob, 'INBOX');
    expect(inbox.filter((m) => m.envelope.subject === 'Exactly once')).toHaveLength(1);
    const sent = await folderMessages(alice, 'Sent');
    expect(sent.filter((m) => m.envelope.subject === 'Exactly once')).toHaveLength(1);
  });

  it('keeps Bcc off the wire but in the Sent copy, and sends plain-text mode as text only', async () => {
    const carol = await newMailUser('carol');
    const res = await send(client, crypto.randomUUID(), {
      to: [{ name: '', address: bob.email }],
      bcc: [{ name: 'Carol', address: carol.email }],
      subject: 'Plain with bcc',
      plainText: true,
      text: 'Just text.\nSecond line.',
      html: '<p>ignored</p>',
    });
    expect(res.body.status).toBe('sent');
    const [atCarol] = await waitForMessages(carol, 'INBOX', 1);
    const carolParsed = await PostalMime.parse(atCarol!.source);
    expect(carolParsed.bcc ?? []).toEqual([]);
    expect(carolParsed.html).toBeUndefined();
    expect(carolParsed.text?.trim()).toBe('Just text.\nSecond line.');
    const sent = (await folderMessages(alice, 'Sent')).find((m) => m.envelope.subject === 'Plain with bcc')!;
    expect((await PostalMime.parse(sent.source)).bcc).toEqual([{ name: 'Carol', address: carol.email }]);
  });
});
