import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLimits, type DraftSaveResponse, type ResumedDraft } from '@webmail/contracts';
import { dbKinds, newMailUser } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { pixelPng, tinyPdf } from '../support/mail-fixtures.testing.js';
import {
  folderMessages,
  me,
  saveDraft,
  send,
  startComposeServer,
  upload,
  type MailUser,
} from '../support/compose.testing.js';

const draftHeader = (raw: Buffer) => /^X-Webmail-Draft-Id: (.+)$/im.exec(raw.toString('latin1'))?.[1]?.trim();

describe.each(dbKinds)('drafts on %s', (db) => {
  let server: Awaited<ReturnType<typeof startComposeServer>>;
  let client: TestClient;
  let alice: MailUser;

  beforeAll(async () => {
    server = await startComposeServer(db);
    alice = await newMailUser('drafter');
    client = server.client();
    await client.signIn(alice.email, alice.password);
  });
  afterAll(() => server.close());

  it('keeps exactly one copy per draft in Drafts across saves, and skips identical saves', async () => {
    const draftId = crypto.randomUUID();
    const to = [{ name: 'Ülle', address: 'ulle@example.org' }];
    const first = await saveDraft(client, draftId, { to, subject: 'First', html: '<p>one</p>' }, 1);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ result: 'saved', draftId, revision: 1 });
    const second = await saveDraft(client, draftId, { to, subject: 'Second', html: '<p>two</p>' }, 2);
    expect(second.body).toMatchObject({ result: 'saved', mailboxId: first.body.mailboxId });
    expect(second.body.uid).toBeGreaterThan(first.body.uid as number);
    const drafts = await folderMessages(alice, 'Drafts');
    expect(drafts).toHaveLength(1);
    expect(draftHeader(drafts[0]!.source)).toBe(draftId);
    // The mail server adds its attachment keyword ($HasNoAttachment) on save; the webmail's flags are these.
    expect(new Set([...drafts[0]!.flags].filter((flag) => flag.startsWith('\\')))).toEqual(
      new Set(['\\Draft', '\\Seen']),
    );
    expect(drafts[0]!.envelope.subject).toBe('Second');

    const retried = await saveDraft(client, draftId, { to, subject: 'Second', html: '<p>two</p>' }, 3);
    expect(retried.body).toMatchObject({ result: 'skipped', uid: second.body.uid });
    const stale = await saveDraft(client, draftId, { to, subject: 'Late old save', html: '<p>x</p>' }, 1);
    expect(stale.body).toMatchObject({ result: 'skipped', uid: second.body.uid });
    expect(await folderMessages(alice, 'Drafts')).toHaveLength(1);

    const empty = await saveDraft(client, crypto.randomUUID(), { html: '<p></p>' });
    expect(empty.body).toMatchObject({ result: 'nothingToSave', uid: null });
  });

  it('resumes a draft with recipients, body, inline image and re-usable attachments', async () => {
    const draftId = crypto.randomUUID();
    const pdf = tinyPdf('resume');
    const file = await upload(
      client,
      { name: 'plan ü.pdf', type: 'application/pdf', content: pdf },
      { draftId },
    );
    const image = await upload(
      client,
      { name: 'dot.png', type: 'image/png', content: pixelPng },
      { draftId, inline: true },
    );
    const draft = {
      from: me(alice, 'Alice'),
      to: [{ name: 'Bob', address: 'bob@example.org' }],
      cc: [{ name: '', address: 'cc@example.org' }],
      bcc: [{ name: 'Hidden', address: 'hidden@example.org' }],
      subject: 'Resume me ✓',
      html: `<p>Draft body</p><img src="cid:${image.body.contentId}">`,
      inReplyTo: '<orig@example.org>',
      references: ['<root@example.org>', '<orig@example.org>'],
      attachments: [file.body, image.body],
    };
    expect((await saveDraft(client, draftId, draft)).body).toMatchObject({ result: 'saved' });
    const res = await client.get<ResumedDraft>(`/api/u/0/compose/drafts/${draftId}`);
    expect(res.status).toBe(200);
    const resumed = res.body.draft;
    expect(resumed).toMatchObject({
      from: { name: 'Alice', address: alice.email },
      to: draft.to,
      cc: draft.cc,
      bcc: draft.bcc,
      subject: draft.subject,
      plainText: false,
      inReplyTo: '<orig@example.org>',
      references: draft.references,
    });
    expect(resumed.html).toContain('Draft body');
    expect(resumed.html).toContain(`data:image/png;base64,${pixelPng.toString('base64')}`);
    expect(resumed.attachments).toEqual([
      expect.objectContaining({
        type: 'upload',
        filename: 'plan ü.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      }),
    ]);
    // Resuming again reuses the same upload; the resumed draft saves and sends as it is.
    const again = await client.get<ResumedDraft>(`/api/u/0/compose/drafts/${draftId}`);
    expect(again.body.draft.attachments).toEqual(resumed.attachments);
    const resaved = await saveDraft(client, draftId, { ...resumed, subject: 'Resumed and saved' });
    expect(resaved.body).toMatchObject({ result: 'saved' });
    const copy = (await folderMessages(alice, 'Drafts')).find((m) => draftHeader(m.source) === draftId)!;
    const parsed = await PostalMime.parse(copy.source);
    expect(parsed.attachments.map((a) => a.filename).sort()).toEqual(['image-1.png', 'plan ü.pdf']);
    expect((await client.get(`/api/u/0/compose/drafts/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('discards a draft: every copy leaves Drafts', async () => {
    const draftId = crypto.randomUUID();
    await saveDraft(client, draftId, { subject: 'Throw away', html: '<p>bye</p>' });
    const kept = (await folderMessages(alice, 'Drafts')).filter((m) => draftHeader(m.source) === draftId);
    expect(kept).toHaveLength(1);
    expect((await client.delete(`/api/u/0/compose/drafts/${draftId}`)).status).toBe(204);
    expect((await folderMessages(alice, 'Drafts')).filter((m) => draftHeader(m.source) === draftId)).toEqual(
      [],
    );
    expect((await client.get(`/api/u/0/compose/drafts/${draftId}`)).status).toBe(404);
  });

  it('refuses invalid drafts with field errors and keeps the stored draft', async () => {
    const draftId = crypto.randomUUID();
    const good = { to: [{ name: '', address: 'ok@example.org' }], subject: 'Good', html: '<p>kept</p>' };
    const stored = (await saveDraft(client, draftId, good)).body as DraftSaveResponse;
    const many = Array.from({ length: 401 }, (_, i) => ({ name: '', address: `r${i}@example.org` }));
    const tooMany = await saveDraft(client, draftId, {
      ...good,
      to: many.slice(0, 200),
      cc: many.slice(200),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({
      code: 'ValidationError',
      errors: { 'draft.recipients': [expect.stringContaining('400')] },
    });
    const invalid = await saveDraft(client, draftId, {
      ...good,
      to: [{ name: '', address: 'not an address' }],
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ 'draft.to.0.address': ['Invalid email format'] });
    const long = await saveDraft(client, draftId, {
      ...good,
      subject: 'x'.repeat(composeLimits.subjectMaxLength + 1),
    });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ 'draft.subject': ['The subject can be at most 900 characters'] });
    const sendMany = await send(client, crypto.randomUUID(), {
      ...good,
      to: many.slice(0, 200),
      bcc: many.slice(200),
    });
    expect(sendMany.status).toBe(422);
    expect(Object.keys(sendMany.body.errors ?? {})).toEqual(['draft.recipients']);
    const noRecipients = await send(client, crypto.randomUUID(), { subject: 'to nobody', html: '<p>x</p>' });
    expect(noRecipients.status).toBe(422);
    expect(noRecipients.body.errors).toEqual({ to: ['Add at least one recipient'] });
    const drafts = (await folderMessages(alice, 'Drafts')).filter((m) => draftHeader(m.source) === draftId);
    expect(drafts.map((m) => [m.uid, m.envelope.subject])).toEqual([[stored.uid, 'Good']]);
  });

  it('enforces the attachment limits on upload and on save', async () => {
    const big = Buffer.alloc(composeLimits.attachmentMaxBytes + 1, 1);
    const tooBig = await upload(client, { name: 'big.bin', type: 'application/octet-stream', content: big });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors?.file?.[0]).toContain('20,971,520 bytes');
    const exact = await upload(client, {
      name: 'exact.bin',
      type: 'application/octet-stream',
      content: big.subarray(1),
    });
    expect(exact.status).toBe(201);
    const inlineBig = await upload(
      client,
      { name: 'photo.png', type: 'image/png', content: Buffer.alloc(composeLimits.inlineImageMaxBytes + 1) },
      { inline: true },
    );
    expect(inlineBig.status).toBe(422);
    expect(inlineBig.body.errors?.file?.[0]).toContain('512,000 bytes');
    const tiff = await upload(
      client,
      { name: 'scan.tif', type: 'image/tiff', content: Buffer.from('II*\0rest') },
      { inline: true },
    );
    expect(tiff.status).toBe(422);
    expect(tiff.body.errors?.file?.[0]).toContain('image/tiff');
    const disguised = await upload(
      client,
      { name: 'scan.png', type: 'image/png', content: Buffer.from('MM\0*rest') },
      { inline: true },
    );
    expect(disguised.status).toBe(422);

    const draftId = crypto.randomUUID();
    const second = await upload(client, {
      name: 'second.bin',
      type: 'application/octet-stream',
      content: Buffer.alloc(6_000_000),
    });
    const overTotal = await saveDraft(client, draftId, {
      subject: 'Too much',
      attachments: [exact.body, second.body],
    });
    expect(overTotal.status).toBe(422);
    expect(overTotal.body).toMatchObject({
      errors: { attachments: [expect.stringContaining('26,214,400 bytes')] },
    });
    expect((await client.delete(`/api/u/0/compose/attachments/${second.body.id}`)).status).toBe(204);
    expect((await client.delete(`/api/u/0/compose/attachments/${second.body.id}`)).status).toBe(404);
    const gone = await saveDraft(client, draftId, { subject: 'Gone', attachments: [second.body] });
    expect(gone.status).toBe(422);
    expect(gone.body).toMatchObject({
      errors: { attachments: [expect.stringContaining('no longer available')] },
    });
  });
});
