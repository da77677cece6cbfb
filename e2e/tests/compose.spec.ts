import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import PostalMime from 'postal-mime';
import { addRecipients, composer, messagesIn, openComposer } from '../support/compose';
import { e2eBaseUrl } from '../support/environment';
import { countIn, newMailUser } from '../support/mail-user';
import { signInByApi, useLanguage } from '../support/sign-in';
import { messageRow } from '../support/message-rows';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A 2×2 PNG: small, but a real image the browser and both parsers take as one. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAwPAfhP7//w8AH+4F+3uLQwgAAAAASUVORK5CYII=',
  'base64',
);

interface Comparable {
  subject: string;
  from: string[];
  to: string[];
  cc: string[];
  messageId: string;
  text: string;
  hasHtml: boolean;
  /** Content-IDs the HTML references as `cid:`. */
  cidRefs: string[];
  attachments: Array<{
    filename: string;
    contentType: string;
    size: number;
    sha256: string;
    contentId: string | null;
    inline: boolean;
  }>;
}

const cidRefsOf = (html: string) => [...html.matchAll(/cid:([^"'\s)>]+)/g)].map((m) => m[1]!).sort();
const normaliseText = (text: string) => text.replace(/\r\n/g, '\n').trim();
const byName = (a: { filename: string }, b: { filename: string }) => a.filename.localeCompare(b.filename);
const bareId = (id: string | undefined) => (id ? id.replace(/^<|>$/g, '') : null);

/** The product's parser (postal-mime, as the server reads drafts and odd messages). */
async function withPostalMime(raw: Buffer): Promise<Comparable> {
  const email = await PostalMime.parse(raw);
  const addresses = (list: Array<{ address?: string }> | undefined) =>
    (list ?? []).map((a) => a.address ?? '').sort();
  return {
    subject: email.subject ?? '',
    from: addresses(email.from ? [email.from] : []),
    to: addresses(email.to),
    cc: addresses(email.cc),
    messageId: email.messageId ?? '',
    text: normaliseText(email.text ?? ''),
    hasHtml: Boolean(email.html),
    cidRefs: cidRefsOf(email.html ?? ''),
    attachments: email.attachments
      .map((a) => {
        const bytes =
          typeof a.content === 'string'
            ? Buffer.from(a.content, a.encoding === 'base64' ? 'base64' : 'utf8')
            : new Uint8Array(a.content as ArrayBuffer);
        return {
          filename: a.filename ?? '',
          contentType: a.mimeType,
          size: bytes.byteLength,
          sha256: sha256(bytes),
          contentId: bareId(a.contentId),
          inline: a.disposition === 'inline',
        };
      })
      .sort(byName),
  };
}

/** A second, independent parser (mailparser), keeping cid: links as they are. */
async function withMailparser(raw: Buffer): Promise<Comparable> {
  const email = await simpleParser(raw, { keepCidLinks: true });
  const addresses = (field: typeof email.to) =>
    (Array.isArray(field) ? field : field ? [field] : [])
      .flatMap((f) => f.value)
      .map((a) => a.address ?? '')
      .sort();
  return {
    subject: email.subject ?? '',
    from: addresses(email.from),
    to: addresses(email.to),
    cc: addresses(email.cc),
    messageId: email.messageId ?? '',
    text: normaliseText(email.text ?? ''),
    hasHtml: Boolean(email.html),
    cidRefs: cidRefsOf(email.html || ''),
    attachments: email.attachments
      .map((a) => ({
        filename: a.filename ?? '',
        contentType: a.contentType,
        size: a.content.length,
        sha256: sha256(a.content),
        contentId: bareId(a.contentId),
        inline: a.contentDisposition === 'inline',
      }))
      .sort(byName),
  };
}

test.describe('compose', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('alice writes to bob with an attachment, an inline image and a non-ASCII subject; bob gets every part, Sent keeps a copy, two parsers agree', async ({
    page,
    browser,
  }) => {
    const alice = newMailUser('alice');
    const bob = newMailUser('bob');
    const subject = 'Tervehdys – Привет – õun';
    const attachment = Buffer.from('numbers: 1 2 3\nõhtu – вечер\n');
    const attachmentName = 'Raport õhtu.txt';
    await signInByApi(page, alice, 'en');
    await openComposer(page);

    await addRecipients(page, 'To', [bob.email]);
    await composer.subject(page).fill(subject);
    await composer.body(page).fill('Hello Bob, the report is attached. Here is the chart:');
    const imageChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Insert image' }).click();
    await (await imageChooser).setFiles({ name: 'chart.png', mimeType: 'image/png', buffer: png });
    await expect(composer.body(page).locator('img[src^="data:image/png;base64,"]')).toHaveCount(1);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles({ name: attachmentName, mimeType: 'text/plain', buffer: attachment });
    await expect(page.getByRole('button', { name: `Remove ${attachmentName}` })).toBeVisible();
    await composer.send(page).click();

    await expect.poll(() => countIn(bob, 'INBOX'), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => countIn(alice, 'Sent'), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => countIn(alice, 'Drafts')).toBe(0);
    const [received] = await messagesIn(bob, 'INBOX');
    const [sentCopy] = await messagesIn(alice, 'Sent');
    // RFC 2231 for the non-ASCII file name, as the server promises.
    expect(received!.source.toString('latin1')).toMatch(/filename\*(0\*)?=utf-8''Raport%20%C3%B5htu/i);

    const postal = await withPostalMime(received!.source);
    const second = await withMailparser(received!.source);
    expect(second).toEqual(postal);

    // And what they agree on is what alice wrote.
    expect(postal.subject).toBe(subject);
    expect(postal.from).toEqual([alice.email]);
    expect(postal.to).toEqual([bob.email]);
    expect(postal.text).toContain('Hello Bob, the report is attached.');
    expect(postal.hasHtml).toBe(true);
    const file = postal.attachments.find((a) => a.filename === attachmentName);
    expect(file).toMatchObject({
      contentType: 'text/plain',
      size: attachment.length,
      sha256: sha256(attachment),
    });
    expect(file!.inline).toBe(false);
    const image = postal.attachments.find((a) => a.contentType === 'image/png');
    expect(image).toMatchObject({ size: png.length, sha256: sha256(png), inline: true });
    expect(image!.contentId).toBeTruthy();
    expect(postal.cidRefs).toEqual([image!.contentId]);
    expect(postal.attachments).toHaveLength(2);

    // The Sent copy is the same message.
    expect(await withPostalMime(sentCopy!.source)).toEqual(postal);
    expect(await withMailparser(sentCopy!.source)).toEqual(postal);
    expect(sentCopy!.flags.has('\\Seen')).toBe(true);

    // Back in the mailbox, the list shows its rows.
    await page.goto('/u/0');
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: /^Sent/ }).click();
    await expect(page.getByRole('list', { name: /Messages in/ }).getByRole('listitem')).toHaveCount(1);

    // Bob reads it in the webmail: the subject, the attachment and the inline image shown in place.
    const bobContext = await browser.newContext({ baseURL: e2eBaseUrl });
    try {
      await useLanguage(bobContext, 'en');
      const bobPage = await bobContext.newPage();
      await signInByApi(bobPage, bob, 'en');
      await expect(messageRow(bobPage, subject)).toHaveAccessibleDescription(/Has attachments/);
      await messageRow(bobPage, subject).click();
      await expect(bobPage.getByRole('heading', { name: subject, exact: true })).toBeVisible();
      await expect(
        bobPage.getByRole('link', { name: new RegExp(`Download ${attachmentName}`) }),
      ).toBeVisible();
      const frame = bobPage.locator('iframe[title="Message content"]');
      const inlineImage = `data:image/png;base64,${png.toString('base64')}`.replace(/[+/]/g, '\\$&');
      await expect(frame).toHaveAttribute('srcdoc', new RegExp(inlineImage));
      await expect(frame).not.toHaveAttribute('srcdoc', /cid:/);
    } finally {
      await bobContext.close();
    }
  });
});
