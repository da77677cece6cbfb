import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { e2eStateDir, repoRoot, screenshotDir } from '../support/environment';
import { newMailUser } from '../support/mail-user';
import { lookLanguages, looksAt } from '../support/screenshots';
import { signInByApi, type UiLanguage } from '../support/sign-in';

const widths = [
  { width: 360, height: 780 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];
const desktop = { width: 1440, height: 900 };

const texts = {
  en: {
    footer: 'About this app',
    upgrade: 'Upgrade',
    feedback: 'Send feedback',
    about: 'About',
    aboutTitle: 'About Webmail',
    send: 'Send',
    textLabel: 'Your feedback',
    stars: (n: number) => `${n} stars`,
    sent: 'Thank you! Your feedback was sent.',
    settings: 'Settings',
    hint: (feature: string) => `${feature}: not included in your plan – see upgrade options`,
    sample: 'Searching is quick and the dark mode is easy on the eyes. Thanks! ',
  },
  fi: {
    footer: 'Tietoja sovelluksesta',
    upgrade: 'Laajenna pakettia',
    feedback: 'Lähetä palautetta',
    about: 'Tietoja',
    aboutTitle: 'Tietoja: Webmail',
    send: 'Lähetä',
    textLabel: 'Palautteesi',
    stars: (n: number) => `${n} tähteä`,
    sent: 'Kiitos! Palautteesi lähetettiin.',
    settings: 'Asetukset',
    hint: (feature: string) => `${feature}: ei sisälly pakettiisi – katso laajennusvaihtoehdot`,
    sample: 'Haku on nopea ja tumma teema miellyttävä silmille. Kiitos! ',
  },
} as const;

/** The operator's CLI on the suite server's database, as an operator runs it next to a running server. */
function admin(...args: string[]): string {
  return execFileSync('node', ['packages/server/dist/admin.js', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: path.join(e2eStateDir, 'server'), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

/** The languages shot (Finnish for npm test, both with E2E_LOOKS=all); the other one is still checked, unshot. */
const shotLanguages: readonly UiLanguage[] = lookLanguages(['en', 'fi'] as const);

/**
 * What the page shows now, in the looks of the suite's rules (looksAt: light at the widest, dark at the narrowest;
 * every width and scheme with E2E_LOOKS=all); `shown` must stay on screen through each. In a language not shot,
 * `shown` is checked where the page stands.
 */
async function shootAll(page: Page, name: string, language: UiLanguage, shown?: Locator) {
  if (!shotLanguages.includes(language)) {
    if (shown) await expect(shown).toBeVisible();
    return;
  }
  for (const { scheme, size } of looksAt(widths)) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(size);
    if (shown) await expect(shown).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${language}-${scheme}-${size.width}.png`),
    });
  }
  await page.setViewportSize(desktop);
}

/** The stored interface language (no init script: the test switches it between screenshots). */
async function setLanguage(page: Page, language: UiLanguage) {
  await page.evaluate((lang) => window.localStorage.setItem('webmail.language', lang), language);
}

/** A star of the Rating, clicked where a person clicks: on the star itself. */
const star = (dialog: Locator, name: string) => dialog.locator('label', { hasText: new RegExp(`^${name}$`) });

const footerOf = (page: Page, language: UiLanguage) =>
  page.getByRole('contentinfo', { name: texts[language].footer });

test('an account without signatures and contacts sees the upgrade button, labels and the Upgrade page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = newMailUser('gated');
  // Per account, from the command line: the suite's one server keeps every other account's full plan.
  expect(admin('features', 'set', user.email, '--disable', 'signatures,contacts')).toContain(
    `${user.email} lacks: signatures, contacts`,
  );
  await page.setViewportSize(desktop);
  await page.goto('/login/password');
  await setLanguage(page, 'en');
  await signInByApi(page, user, 'en');

  const footer = footerOf(page, 'en');
  await expect(footer).toContainText(/Powered by Webmail · v\d+\.\d+\.\d+/);
  await expect(page.getByRole('link', { name: texts.en.hint('Contacts') })).toBeVisible();

  await page.goto('/u/0/settings/account');
  const nav = page.getByRole('navigation', { name: 'Settings' });
  await expect(nav.getByRole('link', { name: /Signatures/ })).toContainText('Upgrade');
  await expect(nav.getByRole('link', { name: /Contacts/ })).toContainText('Upgrade');
  await expect(nav.getByRole('link', { name: /Filters/ })).not.toContainText('Upgrade');
  await nav.getByRole('link', { name: /Signatures/ }).click();
  await page.getByRole('link', { name: texts.en.hint('Signatures') }).click();
  await expect(page).toHaveURL(/\/u\/0\/settings\/upgrade$/);

  const missing = page.getByRole('list', { name: 'Features not in your plan' });
  await expect(missing.getByRole('listitem')).toHaveText([/^Signatures/, /^Contacts/]);
  await expect(page.getByRole('link', { name: 'See upgrade options' })).toHaveAttribute(
    'href',
    'https://upgrade.example.test/plans',
  );
  // The signatures API refuses this account too (not just the interface).
  const refused = await page.request.get('/api/u/0/signatures');
  expect(refused.status()).toBe(403);

  for (const language of ['en', 'fi'] as const) {
    await setLanguage(page, language);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: texts[language].upgrade })).toBeVisible();
    await shootAll(page, 'upgrade-page', language);
  }
});

test('an account with the whole plan sees no upgrade link; feedback and about work', async ({ page }) => {
  test.setTimeout(240_000);
  const user = newMailUser('fullplan');
  await page.setViewportSize(desktop);
  await page.goto('/login/password');
  await setLanguage(page, 'en');
  await signInByApi(page, user, 'en');

  const footer = footerOf(page, 'en');
  await expect(footer).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /see upgrade options/ })).toHaveCount(0);
  await page.goto('/u/0/settings/account');
  await expect(page.getByRole('navigation', { name: 'Settings' })).not.toContainText('Upgrade');
  await expect(page.getByRole('link', { name: /see upgrade options/ })).toHaveCount(0);

  // Feedback: refused in the form without stars or over 1000 characters, then sent.
  await footer.getByRole('button', { name: texts.en.feedback }).click();
  const dialog = page.getByRole('dialog', { name: texts.en.feedback });
  await dialog.getByRole('button', { name: texts.en.send }).click();
  await expect(dialog.getByText('Choose 1 to 5 stars')).toBeVisible();
  await expect(dialog.getByText('Write your feedback')).toBeVisible();
  const text = dialog.getByRole('textbox', { name: texts.en.textLabel });
  await text.fill('x'.repeat(1001));
  await expect(dialog.getByText('1001 / 1000')).toBeVisible();
  await expect(dialog.getByText('At most 1000 characters')).toBeVisible();
  await star(dialog, '4 stars').click();
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await dialog.getByRole('button', { name: texts.en.send }).click();
  await expect(dialog).toBeVisible();
  await text.fill('Searching is quick, thanks!');
  await expect(dialog.getByText('27 / 1000')).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/u/0/feedback'));
  await dialog.getByRole('button', { name: texts.en.send }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText(texts.en.sent)).toBeVisible();
  await expect(dialog).toBeHidden();

  // About: version, build date and the licences generated by the build.
  await footer.getByRole('button', { name: texts.en.about, exact: true }).click();
  const about = page.getByRole('dialog', { name: texts.en.aboutTitle });
  await expect(about).toContainText(/Version \d+\.\d+\.\d+/);
  await expect(about).toContainText(/Built /);
  const licences = about.getByRole('list', { name: 'Open-source licences' });
  await expect(
    licences
      .getByRole('listitem')
      .filter({ hasText: /^react\b/ })
      .first(),
  ).toContainText('MIT');
  expect(await licences.getByRole('listitem').count()).toBeGreaterThan(20);
  await about.getByRole('button', { name: 'Show the licence of react', exact: true }).click();
  await expect(about.getByText(/Permission is hereby granted/).first()).toBeVisible();
  await about.getByRole('button', { name: 'Close' }).click();

  for (const language of ['en', 'fi'] as const) {
    const t = texts[language];
    await setLanguage(page, language);
    await page.goto('/u/0');
    await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);
    await page.setViewportSize(desktop);
    const foot = footerOf(page, language);
    await foot.getByRole('button', { name: t.feedback }).click();
    const form = page.getByRole('dialog', { name: t.feedback });
    await star(form, t.stars(4)).click();
    await form.getByRole('textbox', { name: t.textLabel }).fill(t.sample.repeat(3));
    await shootAll(page, 'feedback-dialog', language, form);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await foot.getByRole('button', { name: t.about, exact: true }).click();
    const aboutDialog = page.getByRole('dialog', { name: t.aboutTitle });
    await expect(aboutDialog.getByRole('listitem').first()).toBeVisible();
    await shootAll(page, 'about-dialog', language, aboutDialog);
    await page.keyboard.press('Escape');
    await expect(aboutDialog).toBeHidden();
  }
});
