import { expect, test } from '@playwright/test';
import { lookLanguages, shootAtEachWidth } from '../support/screenshots';
import { deliver } from '../support/live-events';
import {
  countIn,
  newMailUser,
  plainMessage,
  seedFolders,
  withImap,
  type MailUser,
} from '../support/mail-user';
import { signInByApi, useLanguage } from '../support/sign-in';

/** Inbox mail from the sandbox's sender: `subjects` plain, and one mailing-list message (with List-Id). */
async function seedInbox(user: MailUser, subjects: string[], listSubject: string) {
  await withImap(user, async (client) => {
    for (const subject of subjects) {
      await client.append(
        'INBOX',
        plainMessage({ from: 'Sender <sender@example.test>', to: user.email, subject }),
      );
    }
    const list = plainMessage({
      from: 'News <news@lists.example.test>',
      to: user.email,
      subject: listSubject,
    })
      .toString()
      .replace('MIME-Version: 1.0', 'List-Id: Weekly news <weekly.lists.example.test>\r\nMIME-Version: 1.0');
    await client.append('INBOX', Buffer.from(list));
  });
}

const texts = {
  en: {
    options: 'Show search options',
    from: 'From',
    subject: 'Subject',
    create: 'Create filter',
    next: 'Next',
    message: 'Message',
    away: 'Back on Monday',
    save: 'Save',
    saved: 'Auto-reply saved',
    bold: 'Bold',
  },
  fi: {
    options: 'Näytä hakuasetukset',
    from: 'Lähettäjä',
    subject: 'Aihe',
    create: 'Luo suodatin',
    next: 'Seuraava',
    message: 'Viesti',
    away: 'Palaan maanantaina',
    save: 'Tallenna',
    saved: 'Automaattinen vastaus tallennettu',
    bold: 'Lihavointi',
  },
};

test('filters from search: two steps, files the next message, applies to Inbox after a count; like this; leave guard', async ({
  page,
  context,
}) => {
  test.slow();
  await useLanguage(context, 'en');
  const user = newMailUser('fsearch');
  const tag = Date.now().toString(36);
  await seedFolders(user, { Budget: 0 });
  await seedInbox(user, [`Q1 budget-${tag}`, `Q2 budget-${tag}`, `Lunch ${tag}`], `Weekly news ${tag}`);
  await signInByApi(page, user, 'en');
  await expect(page.getByText(`Lunch ${tag}`)).toBeVisible();

  // Step 1: the criteria from the advanced search; "Create filter" waits for one.
  await page.getByRole('button', { name: 'Show search options' }).click();
  const advanced = page.getByRole('form', { name: 'Advanced search' });
  const create = advanced.getByRole('button', { name: 'Create filter' });
  await expect(create).toBeDisabled();
  await advanced.getByRole('textbox', { name: 'Subject' }).fill(`budget-${tag}`);
  await create.click();
  const step1 = page.getByRole('dialog', { name: 'Create filter: which messages' });
  await expect(step1.getByRole('textbox', { name: 'Subject' })).toHaveValue(`budget-${tag}`);
  await step1.getByRole('button', { name: 'Next' }).click();

  // Step 2: name and actions; save waits for both.
  const step2 = page.getByRole('dialog', { name: 'Create filter: name and actions' });
  const save = step2.getByRole('button', { name: 'Save' });
  await step2.getByRole('textbox', { name: 'Name' }).fill('Budget');
  await expect(save).toBeDisabled();
  await step2.getByRole('combobox', { name: 'Move to folder' }).click();
  await page.getByRole('option', { name: 'Budget' }).click();
  await expect(save).toBeEnabled();
  await step2.getByRole('checkbox', { name: 'Also apply to the matching messages already in Inbox' }).check();
  await save.click();

  // The count first, then the move.
  const ask = page.getByRole('dialog', { name: 'Apply to messages in Inbox?' });
  await expect(ask).toContainText('2 messages in Inbox match the new filter');
  await ask.getByRole('button', { name: 'Apply to 2 messages' }).click();
  await expect(page.getByText('Filter applied to 2 messages')).toBeVisible();
  await expect.poll(() => countIn(user, 'Budget'), { timeout: 15_000 }).toBe(2);
  expect(await countIn(user, 'INBOX')).toBe(2);
  await expect(page.getByText(`Q1 budget-${tag}`)).toHaveCount(0);

  // It is in Settings → Filters, and files the next delivered message.
  await page.goto('/u/0/settings/filters');
  await expect(page.getByRole('list', { name: 'Filters' }).getByRole('listitem')).toHaveText([/^Budget/]);
  await deliver(user, `Q3 budget-${tag}`);
  await expect.poll(() => countIn(user, 'Budget'), { timeout: 15_000 }).toBe(3);
  expect(await countIn(user, 'INBOX')).toBe(2);

  // "Filter messages like this": a list message starts from its List-Id.
  await page.goto('/u/0');
  await page.getByText(`Weekly news ${tag}`).click();
  const article = page.getByRole('article');
  await article.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Filter messages like this' }).click();
  const like = page.getByRole('dialog', { name: 'Create filter: which messages' });
  await expect(like.getByRole('textbox', { name: 'Mailing list (List-Id)' })).toHaveValue(
    'weekly.lists.example.test',
  );
  await like.getByRole('button', { name: 'Cancel' }).click();
  await expect(like).toBeHidden();

  // A signature being written: leaving asks; staying keeps the text; leaving then goes.
  await page.goto('/u/0/settings/signatures/edit');
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('Work');
  await page.getByRole('link', { name: 'Filters' }).first().click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(name).toHaveValue('Work');
  await expect(page).toHaveURL(/settings\/signatures\/edit/);
  await page.getByRole('link', { name: 'Filters' }).first().click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/settings\/filters$/);

  // A folder form with a name typed: the same question, and the name stays.
  // (Reached inside the app, so that going back is a move inside it, not another page load.)
  await page.getByRole('link', { name: 'Folders' }).first().click();
  await page.getByRole('button', { name: 'New folder' }).first().click();
  const folderForm = page.getByRole('dialog', { name: 'New folder' });
  await folderForm.getByRole('textbox', { name: 'Name' }).fill('Receipts');
  await page.goBack();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/settings\/folders$/);
  await expect(folderForm.getByRole('textbox', { name: 'Name' })).toHaveValue('Receipts');
  await folderForm.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();

  // Screenshots: the two creation steps and the auto-reply page, in Finnish (English too with E2E_LOOKS=all).
  for (const language of lookLanguages(['en', 'fi'] as const)) {
    const t = texts[language];
    if (language === 'fi') {
      await page.evaluate(() => window.localStorage.setItem('webmail.language', 'fi'));
      await useLanguage(context, 'fi');
    }
    await page.goto('/u/0');
    await page.getByRole('button', { name: t.options }).click();
    await page.getByRole('textbox', { name: t.from }).fill('boss@example.test');
    await page.getByRole('textbox', { name: t.subject }).first().fill('budget');
    await page.getByRole('button', { name: t.create }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shootAtEachWidth(page, `filters-create-step1-${language}`);
    await page.getByRole('dialog').getByRole('button', { name: t.next }).click();
    await page.getByRole('dialog').getByRole('textbox').first().fill('Boss');
    await page.getByRole('dialog').getByRole('checkbox').nth(1).check();
    await shootAtEachWidth(page, `filters-create-step2-${language}`);
    await page.keyboard.press('Escape');
    await page.goto('/u/0/settings/autoreply');
    await page.getByRole('switch').click();
    await page.getByRole('textbox', { name: t.subject }).fill(language === 'en' ? 'Away' : 'Lomalla');
    // The picker's field: its first section (the day), then the digits of DD.MM.YYYY HH:mm.
    await page.getByRole('group').first().getByRole('spinbutton').first().click();
    await page.keyboard.type('240620260900');
    await expect(page.getByRole('group').first()).toContainText('24.06.2026 09:00');
    if (language === 'en') {
      // The message in the composer's rich-text field, in bold from its toolbar.
      const message = page.getByRole('textbox', { name: t.message });
      await message.click();
      await page.getByRole('button', { name: t.bold, exact: true }).click();
      await message.pressSequentially(t.away);
      await expect(message.locator('strong')).toHaveText(t.away);
      // Saved as rich text: the bold comes back after a reload (and shows in the Finnish screenshots).
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await expect(page.getByText(t.saved)).toBeVisible();
      await page.reload();
      await expect(page.getByRole('textbox', { name: t.message }).locator('strong')).toHaveText(t.away);
    }
    await shootAtEachWidth(page, `filters-autoreply-picker-${language}`);
  }
});
