import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { lookLanguages, looksAt, settleLook } from '../support/screenshots';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { addRecipients, composer, messagesIn, openComposer } from '../support/compose';
import { screenshotDir } from '../support/environment';
import { countIn, newMailUser, type MailUser } from '../support/mail-user';
import { signInByApi, useLanguage } from '../support/sign-in';

/** The code of the newest verification mail in the address's Inbox (read as the recipient's mail client would). */
async function verificationCode(address: MailUser, count: number): Promise<string> {
  await expect.poll(() => countIn(address, 'INBOX'), { timeout: 30_000 }).toBe(count);
  const mail = await simpleParser((await messagesIn(address, 'INBOX')).at(-1)!.source);
  const code = /: (\d{6})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

async function addAddress(page: Page, address: string, name: string) {
  const form = page.getByRole('form', { name: 'Add an outgoing address' });
  await form.getByRole('textbox', { name: 'E-mail address' }).fill(address);
  await form.getByRole('textbox', { name: 'Name in the From' }).fill(name);
  await form.getByRole('button', { name: 'Add and send code' }).click();
  await expect(page.getByText(`A code was sent to ${address}`)).toBeVisible();
}

test('outgoing address: added, confirmed with the code of the delivered mail, chosen as From and sent with it', async ({
  page,
  context,
}) => {
  test.slow();
  await useLanguage(context, 'en');
  const [user, alias, recipient] = [newMailUser('owner'), newMailUser('alias'), newMailUser('rcpt')];
  await signInByApi(page, user, 'en', { path: '/u/0/settings/account' });
  await page.getByRole('link', { name: 'Manage outgoing addresses' }).click();
  await expect(page).toHaveURL(/\/u\/0\/settings\/account\/addresses$/);

  await addAddress(page, alias.email, 'Alias Person');
  const row = page.getByRole('listitem').filter({ hasText: alias.email });
  await expect(row.getByText('Waiting for code')).toBeVisible();
  const code = await verificationCode(alias, 1);
  const verify = page.getByRole('form', { name: `Confirm ${alias.email}` });
  await verify.getByRole('textbox', { name: 'Code' }).fill(code);
  await verify.getByRole('button', { name: 'Confirm' }).click();
  await expect(row.getByText('Confirmed')).toBeVisible();

  await page.goto('/u/0');
  await openComposer(page);
  await page.getByRole('combobox', { name: 'From' }).click();
  await page.getByRole('option', { name: `Alias Person <${alias.email}>` }).click();
  await addRecipients(page, 'To', [recipient.email]);
  await composer.subject(page).fill('Sent as the alias');
  await composer.body(page).fill('Hello from the alias');
  await composer.send(page).click();
  await expect.poll(() => countIn(recipient, 'INBOX'), { timeout: 30_000 }).toBe(1);
  const delivered = await simpleParser((await messagesIn(recipient, 'INBOX'))[0]!.source);
  expect(delivered.from?.value[0]).toMatchObject({ name: 'Alias Person', address: alias.email });
  expect(delivered.headers.get('return-path')).toMatchObject({ value: [{ address: alias.email }] });
});

/** A PNG of `width` × `height` with a diagonal gradient (written by hand: the suite has no image library). */
function gradientPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = 40 + Math.round((160 * x) / width);
      row[2 + x * 3] = 90 + Math.round((100 * y) / height);
      row[3 + x * 3] = 200;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

test('outgoing addresses and account-with-avatar screenshots', async ({ page }) => {
  test.setTimeout(150_000);
  const [user, alias] = [newMailUser('addrshots'), newMailUser('addralias')];
  await page.goto('/login/password');
  await page.evaluate(() => window.localStorage.setItem('webmail.language', 'en'));
  await signInByApi(page, user, 'en');

  // One confirmed address and one waiting for its code; a profile picture.
  await page.goto('/u/0/settings/account/addresses');
  await addAddress(page, alias.email, 'Alias Person');
  const code = await verificationCode(alias, 1);
  const verify = page.getByRole('form', { name: `Confirm ${alias.email}` });
  await verify.getByRole('textbox', { name: 'Code' }).fill(code);
  await verify.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${alias.email} is confirmed and can be chosen as the sender`)).toBeVisible();
  await addAddress(page, 'someone.far.away@elsewhere.example', '');
  await page.goto('/u/0/settings/account');
  await page
    .getByLabel('Profile picture file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng(640, 400) });
  await expect(page.getByText('Profile picture saved')).toBeVisible();
  // Cropped square and resized by the server.
  const avatar = page.getByTestId('account-avatar').locator('img');
  await expect(avatar).toHaveAttribute('src', /\/details\/avatar\?v=/);
  expect(await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    256, 256,
  ]);

  const widths = [
    { width: 360, height: 780 },
    { width: 1024, height: 768 },
    { width: 1440, height: 900 },
  ];
  for (const [language, target, file] of [
    ['en', 'account/addresses', 'outgoing-addresses'],
    ['fi', 'account/addresses', 'outgoing-addresses'],
    ['en', 'account', 'account-avatar'],
    ['fi', 'account', 'account-avatar'],
  ] as const) {
    await page.evaluate((lang) => window.localStorage.setItem('webmail.language', lang), language);
    await page.goto(`/u/0/settings/${target}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(
      page.getByText(alias.email).or(page.getByTestId('account-avatar').locator('img')).first(),
    ).toBeVisible();
    // Shot in the looks of the suite's rules (Finnish, light at the widest and dark at the narrowest; every look
    // with E2E_LOOKS=all); the other language's page is still opened and checked above.
    if (!lookLanguages(['en', 'fi'] as const).includes(language)) continue;
    for (const { scheme, size } of looksAt(widths)) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.mouse.move(0, 0);
      await settleLook(page);
      await page.screenshot({
        path: path.join(screenshotDir, `${file}-${language}-${scheme}-${size.width}.png`),
      });
    }
  }
});
