import { expect, test, type Page } from '@playwright/test';
import { addRecipients, composer, openComposer } from '../support/compose';
import { e2eBaseUrl } from '../support/environment';
import { countIn, newMailUser } from '../support/mail-user';
import { signInByApi, useLanguage, xsrfHeaders } from '../support/sign-in';

/** The composer limits, written out rather than imported: the test checks the product against the numbers. */
const attachmentMaxBytes = 20_971_520;
const inlineImageMaxBytes = 512_000;
const recipientsMax = 400;
const subjectMaxLength = 900;

/** A PNG signature followed by padding up to `bytes`: enough for every check, which looks at type and size. */
const pngOf = (bytes: number) =>
  Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(bytes - 8, 1)]);
const tiff = Buffer.concat([Buffer.from('II*\0', 'latin1'), Buffer.alloc(60, 0)]);

async function insertImage(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Insert image' }).click();
  await (await chooser).setFiles(file);
}

/** Requests the composer makes to the server that would carry the refused input. */
function watchRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\/compose\/(attachments|send)/.test(r.url())) seen.push(`${r.method()} ${r.url()}`);
  });
  return seen;
}

test.describe('compose limits', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('an oversize attachment, a TIFF and an oversize inline image are refused in words before any upload', async ({
    page,
  }) => {
    const user = newMailUser('limits');
    await signInByApi(page, user, 'en');
    await openComposer(page);
    const requests = watchRequests(page);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'huge.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(attachmentMaxBytes + 1),
    });
    await expect(page.getByRole('alert').filter({ hasText: '"huge.bin" is' })).toHaveText(
      '"huge.bin" is 20,971,521 B; one attachment can be at most 20,971,520 B.',
    );
    await expect(page.getByRole('button', { name: 'Remove huge.bin' })).toHaveCount(0);

    await insertImage(page, { name: 'scan.tiff', mimeType: 'image/tiff', buffer: tiff });
    await expect(page.getByRole('alert').filter({ hasText: 'scan.tiff' })).toHaveText(
      '"scan.tiff" cannot be shown inline: image/tiff images are not allowed.',
    );
    await insertImage(page, {
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: pngOf(inlineImageMaxBytes + 1),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'photo.png' })).toHaveText(
      'The image "photo.png" is 512,001 B; an inline image can be at most 512,000 B.',
    );
    await expect(composer.body(page).locator('img')).toHaveCount(0);

    // At the limits both are taken: the checks refuse what is over them, not everything.
    await insertImage(page, { name: 'fits.png', mimeType: 'image/png', buffer: pngOf(inlineImageMaxBytes) });
    await expect(composer.body(page).locator('img')).toHaveCount(1);
    expect(requests).toEqual([]);
  });

  test('401 recipients, an invalid address and a 901-character subject are shown at their fields and block Send', async ({
    page,
  }) => {
    const user = newMailUser('limits');
    await signInByApi(page, user, 'en');
    await openComposer(page);
    const requests = watchRequests(page);

    const many = Array.from({ length: recipientsMax + 1 }, (_, i) => `reader${i}@example.test`);
    // Typed with commas, every address before the last comma becomes a chip at once.
    await composer.field(page, 'To').fill(`${many.join(', ')},`);
    await expect(
      page.getByText(`At most ${recipientsMax} recipients are allowed (now ${recipientsMax + 1})`),
    ).toBeVisible();
    await addRecipients(page, 'Cc', ['not-an-address']);
    await expect(page.getByRole('button', { name: 'not-an-address: invalid address' })).toBeVisible();
    await expect(
      page.getByText('Invalid address: not-an-address. Click it to correct it, or remove it.'),
    ).toBeVisible();
    await composer.subject(page).fill('s'.repeat(subjectMaxLength + 1));
    await expect(composer.subject(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText(`The subject can be at most ${subjectMaxLength} characters (now 901)`),
    ).toBeVisible();
    await composer.body(page).fill('Hello everyone');

    await composer.send(page).click();
    const problems = page.getByRole('alert').filter({ hasText: 'The message cannot be sent yet' });
    // The invalid chip in Cc is a recipient too.
    await expect(problems).toContainText(`At most ${recipientsMax} recipients are allowed (now 402).`);
    await expect(problems).toContainText('Correct or remove the invalid addresses: not-an-address.');
    await expect(problems).toContainText(
      `The subject can be at most ${subjectMaxLength} characters (now 901).`,
    );
    expect(requests).toEqual([]);
    await expect(page).toHaveURL(/\/compose\/[0-9a-f-]{36}$/);
  });

  test('the server refuses the same input with 422 and field errors when the app is bypassed', async ({
    page,
  }) => {
    const user = newMailUser('limits');
    const reader = newMailUser('reader');
    await signInByApi(page, user, 'en');
    const headers = await xsrfHeaders(page);
    const api = `${e2eBaseUrl}/api/u/0/compose`;
    const upload = (file: { name: string; mimeType: string; buffer: Buffer }, inline = false) =>
      page.request.post(`${api}/attachments${inline ? '?inline=true' : ''}`, {
        headers,
        multipart: { file },
      });
    const good = {
      to: [{ name: '', address: reader.email }],
      subject: 'Within every limit',
      html: '<p>Hello</p>',
    };
    const save = (draft: object) =>
      page.request.put(`${api}/drafts/${crypto.randomUUID()}`, { headers, data: { draft } });
    const send = (draft: object) =>
      page.request.post(`${api}/send`, { headers, data: { draftId: crypto.randomUUID(), draft } });
    const fieldErrors = async (response: Awaited<ReturnType<typeof save>>) => {
      expect(response.status()).toBe(422);
      const body = (await response.json()) as { code: string; errors: Record<string, string[]> };
      expect(body.code).toBe('ValidationError');
      return body.errors;
    };

    // The requests are well-formed: within the limits the same calls are taken.
    expect(
      (
        await upload({ name: 'fits.png', mimeType: 'image/png', buffer: pngOf(inlineImageMaxBytes) }, true)
      ).status(),
    ).toBe(201);
    const control = await save(good);
    expect(control.status()).toBe(200);
    expect(((await control.json()) as { result: string }).result).toBe('saved');

    // Uploads: one byte over the attachment limit, a TIFF inline (declared, or disguised as PNG), one byte over
    // the inline limit.
    const huge = await upload({
      name: 'huge.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(attachmentMaxBytes + 1),
    });
    expect(await fieldErrors(huge)).toEqual({ file: [expect.stringContaining('20,971,520 bytes')] });
    const tiffInline = await upload({ name: 'scan.tiff', mimeType: 'image/tiff', buffer: tiff }, true);
    expect(await fieldErrors(tiffInline)).toEqual({ file: [expect.stringContaining('image/tiff')] });
    const disguised = await upload({ name: 'scan.png', mimeType: 'image/png', buffer: tiff }, true);
    expect(await fieldErrors(disguised)).toEqual({ file: [expect.stringContaining('image/tiff')] });
    const bigInline = await upload(
      { name: 'photo.png', mimeType: 'image/png', buffer: pngOf(inlineImageMaxBytes + 1) },
      true,
    );
    expect(await fieldErrors(bigInline)).toEqual({ file: [expect.stringContaining('512,000 bytes')] });

    // Images pasted into the HTML as data: URLs skip the upload; the same limits hold.
    const pasted = (image: Buffer, type: string) =>
      `<p>Look:</p><img src="data:${type};base64,${image.toString('base64')}">`;
    for (const call of [save, send]) {
      const tiffInHtml = await call({ ...good, html: pasted(tiff, 'image/tiff') });
      expect(await fieldErrors(tiffInHtml)).toEqual({ html: [expect.stringContaining('image/tiff')] });
      const bigInHtml = await call({ ...good, html: pasted(pngOf(inlineImageMaxBytes + 1), 'image/png') });
      expect(await fieldErrors(bigInHtml)).toEqual({ html: [expect.stringContaining('512,000 bytes')] });
    }

    // Recipients, address and subject, when saving and when sending.
    const many = Array.from({ length: recipientsMax + 1 }, (_, i) => ({
      name: '',
      address: `r${i}@example.test`,
    }));
    for (const call of [save, send]) {
      expect(await fieldErrors(await call({ ...good, to: many.slice(0, 300), cc: many.slice(300) }))).toEqual(
        {
          'draft.recipients': [expect.stringContaining(`At most ${recipientsMax} recipients`)],
        },
      );
      expect(
        await fieldErrors(await call({ ...good, cc: [{ name: '', address: 'not-an-address' }] })),
      ).toEqual({
        'draft.cc.0.address': ['Invalid email format'],
      });
      expect(await fieldErrors(await call({ ...good, subject: 's'.repeat(subjectMaxLength + 1) }))).toEqual({
        'draft.subject': [`The subject can be at most ${subjectMaxLength} characters`],
      });
    }

    // Nothing refused was stored or sent: Drafts holds only the control draft, the reader got nothing.
    expect(await countIn(user, 'Drafts')).toBe(1);
    expect(await countIn(user, 'Sent')).toBe(0);
    expect(await countIn(reader, 'INBOX')).toBe(0);
  });
});
