import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newMailUser, withImap, plainMessage } from '../support/mail-user';
import { signInByApi, useLanguage } from '../support/sign-in';

/**
 * axe-core over the main screens and dialogs, light and dark, on a phone (360 px) and a desktop (1440 px): no
 * critical and no serious violation, and none of the rules below of any impact (landmarks, the page's heading, ARIA
 * roles). Each screen is reached once per width and scanned in both schemes (the app follows the system's colour
 * scheme).
 */

const alwaysGated = new Set([
  'region',
  'page-has-heading-one',
  'aria-allowed-role',
  'label-content-name-mismatch',
]);

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  nodes: string[];
}

const schemes = ['light', 'dark'] as const;
const widths = [
  { width: 360, height: 780 },
  { width: 1440, height: 900 },
] as const;

async function scan(page: Page, screen: string, findings: Finding[], include?: string): Promise<void> {
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    // Let the theme's transitions settle before colours are measured: two frames first, so the transitions the
    // scheme change starts exist, then each of them finished (one cut short by the next settles too). Only
    // transitions: a spinner's endless animation never finishes.
    await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
      await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
    });
    // label-content-name-mismatch is one of axe's experimental rules: switched on by name.
    // (options first: withTags adds to them, options replaces them.)
    let builder = new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
    if (include) builder = builder.include(include);
    const result = await builder.analyze();
    for (const violation of result.violations) {
      const gated =
        violation.impact === 'critical' || violation.impact === 'serious' || alwaysGated.has(violation.id);
      if (!gated) continue;
      findings.push({
        screen: `${screen} ${scheme}`,
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      });
    }
  }
}

const dialog = (page: Page) => page.getByRole('dialog');

for (const size of widths) {
  test(`axe: no critical or serious violation at ${size.width} px, light and dark`, async ({ page }) => {
    test.setTimeout(240_000);
    await useLanguage(page, 'en');
    await page.setViewportSize(size);
    const user = newMailUser(`axe${size.width}`);
    await withImap(user, async (client) => {
      await client.mailboxCreate('Projects');
      for (let i = 1; i <= 3; i += 1) {
        const raw = plainMessage({ from: 'Maija <maija@example.test>', to: user.email, subject: `Axe ${i}` });
        await client.append('INBOX', raw, i === 1 ? ['\\Seen'] : []);
      }
    });
    await signInByApi(page, user, 'en');
    const findings: Finding[] = [];
    const phone = size.width < 600;

    await expect(page.getByRole('link', { name: /Axe 3/ }).or(page.getByText('Axe 3')).first()).toBeVisible();
    await scan(page, 'mailbox', findings);

    await page.keyboard.press('?');
    await expect(dialog(page)).toBeVisible();
    await scan(page, 'shortcut sheet', findings);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    await page.getByText('Axe 2').first().click();
    await expect(page).toHaveURL(/\/u\/0\/[^/]+\/[^/]+\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Axe 2' }).first()).toBeVisible();
    await scan(page, 'reading', findings);

    await page.getByRole('button', { name: 'More actions' }).first().click();
    await page.getByRole('menuitem', { name: 'Move to…' }).click();
    await expect(page.getByText('Projects').last()).toBeVisible();
    await scan(page, 'move picker', findings);
    await page.keyboard.press('Escape');

    await page.goto('/u/0/compose');
    // The composer opens once its draft is made on the server.
    await expect(page.getByRole('textbox', { name: 'Message body' })).toBeVisible({ timeout: 30_000 });
    await scan(page, 'composer', findings);

    for (const settingsPage of ['general', 'appearance', 'account', 'filters', 'signatures', 'security']) {
      await page.goto(`/u/0/settings/${settingsPage}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scan(page, `settings ${settingsPage}`, findings);
    }

    await page.goto('/u/0/settings/contacts/contacts');
    await page.getByRole('button', { name: 'New contact' }).click();
    await expect(dialog(page)).toBeVisible();
    await scan(page, 'contact dialog', findings);
    if (phone) await page.keyboard.press('Escape');

    const summary = findings.map(
      (f) => `${f.screen}: ${f.rule} (${f.impact}) ×${f.nodes.length} ${f.nodes[0]}`,
    );
    console.log(`axe ${size.width}px: ${findings.length} gated findings\n${summary.join('\n')}`);
    expect(summary).toEqual([]);
  });
}
