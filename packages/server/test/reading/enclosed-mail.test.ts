import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageDetail, ReplyPrefill } from '@webmail/contracts';
import { findUnsafe, hostileCorpus } from '../../src/mail/mime/unsafe-html.testing.js';
import { enclosedShapes, enclosing, sizedAttachments } from '../support/enclosed-mail.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { appendAll, folderIds } from '../support/reading.testing.js';

const shapes = enclosedShapes();
const sized = sizedAttachments();
const hostile = hostileCorpus();

/** Everything a reader is shown of a message: its own body and each enclosed message's. */
const shownText = (m: MessageDetail) =>
  [m.html, m.text, ...(m.enclosed ?? []).flatMap((e) => [e.html, e.text])].filter(Boolean).join('\n');

/**
 * Mail whose content is an enclosed message (message/rfc822 alone, in a multipart, in a digest) or an odd text
 * part (named inline, a type without subtype) opens with its text: the enclosed messages' headers and bodies,
 * their attachments listed with decoded sizes, never "no content" or a bogus `part-1.` attachment.
 */
describe('enclosed messages and odd text parts', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let base: string;
  let inbox: string;
  // A fresh mailbox numbers delivered messages 1, 2, 3, … in delivery order.
  const sizedUid = shapes.length + 1;
  const hostileUid = (i: number) => shapes.length + 2 + i;

  beforeAll(async () => {
    server = await startServer('sqlite');
    const user = await newMailUser('enclosed');
    await appendAll(user, [
      ...shapes.map((s) => s.raw),
      sized.raw,
      ...hostile.map((m, i) => enclosing(i, m.raw)),
    ]);
    client = server.client();
    await client.signIn(user.email, user.password);
    inbox = (await folderIds(client)).inbox!;
    base = `/api/u/0/mailbox/${inbox}/messages`;
  }, 120_000);
  afterAll(() => server.close());

  const open = async (uid: number, query = '') => {
    const res = await client.get<MessageDetail>(`${base}/${uid}${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it.each(shapes.map((s, i) => [s.name, i] as const))('%s', async (_name, i) => {
    const shape = shapes[i]!;
    const message = await open(i + 1);
    const shown = shownText(message);
    for (const text of shape.texts) expect(shown).toContain(text);
    expect((message.enclosed ?? []).map((e) => e.subject)).toEqual(shape.enclosed);
    for (const e of message.enclosed ?? []) {
      expect(e.from?.address).toMatch(/@example\.test$/);
      expect(e.date).not.toBeNull();
    }
    const listed = message.attachments.filter((a) => !a.related);
    for (const a of listed) {
      expect(a.filename).not.toMatch(/^part-[\d.]+\.$/);
      expect(a.contentType).toMatch(/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/);
    }
    expect(
      listed
        .filter((a) => a.contentType !== 'message/rfc822')
        .map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })),
    ).toEqual(shape.attachments.map(({ data: _data, ...a }) => a));
    // Each listed attachment downloads, an enclosed message's own included.
    for (const a of listed) {
      const file = await client.get(`${base}/${i + 1}/attachments/${a.id}`);
      expect(file.status).toBe(200);
      const expected = shape.attachments.find((e) => e.filename === a.filename);
      if (expected) expect(file.raw.equals(expected.data)).toBe(true);
      if (a.contentType === 'message/rfc822') expect(file.raw.toString()).toMatch(/^From: /m);
    }
  });

  it('an enclosed message shows its headers', async () => {
    const message = await open(1);
    expect(message.enclosed).toEqual([
      expect.objectContaining({
        subject: 'Enclosed subject 1',
        from: { name: 'Inner Sender 1', address: 'inner1@example.test' },
        to: [{ name: 'Inner Rcpt 1', address: 'rcpt1@example.test' }],
        date: new Date(Date.UTC(2024, 0, 1, 8)).toISOString(),
      }),
    ]);
  });

  it('a reply to a message holding only enclosed ones quotes their text', async () => {
    for (const [uid, text] of [
      [1, 'Inner plain body one'],
      [3, 'Fourth inner'],
      [7, 'Named inline note'],
    ] as const) {
      const res = await client.get<ReplyPrefill>(`/api/u/0/compose/replyTo/${inbox}/${uid}?mode=reply`);
      expect(res.status).toBe(200);
      expect(res.body.draft.html).toContain(text);
    }
  });

  it('lists base64 attachments with their decoded sizes', async () => {
    const message = await open(sizedUid);
    const bySize = new Map(message.attachments.map((a) => [a.filename, a.size]));
    for (const { filename, size } of sized.sizes) {
      const shown = bySize.get(filename)!;
      // The structure tells the encoded size only: 76-character lines (the common width) come out within the
      // padding's 2 bytes, other widths within a few in a thousand.
      expect(Math.abs(shown - size), `${filename}: ${shown} for ${size}`).toBeLessThanOrEqual(
        Math.max(2, size * 0.003),
      );
    }
  });

  it.each(hostile.map((m, i) => [m.name, i] as const))('enclosed hostile %s stays safe', async (name, i) => {
    const blocked = await open(hostileUid(i));
    expect(blocked.enclosed?.length, name).toBe(1);
    for (const html of [blocked.html, ...(blocked.enclosed ?? []).map((e) => e.html)])
      expect(findUnsafe(html ?? '', {}), name).toEqual([]);
    expect(blocked.remoteContent).not.toBe('shown');
    const shown = await open(hostileUid(i), '?remoteContent=show');
    for (const html of [shown.html, ...(shown.enclosed ?? []).map((e) => e.html)])
      expect(findUnsafe(html ?? '', { proxied: true }), name).toEqual([]);
  });
});
