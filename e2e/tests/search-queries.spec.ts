import { expect, test, type Page } from '@playwright/test';
import type { SearchObject } from 'imapflow';
import { e2eBaseUrl } from '../support/environment';
import { newMailUser, withImap, type MailUser } from '../support/mail-user';
import {
  searchInBar,
  type SearchResultPage as Page1,
  type SearchResultRow as Row,
} from '../support/search-bar';
import { daysAgoAtNoon, defaultScope, imapTruth, seedSearchMail } from '../support/search-mail';
import { signInByApi, useLanguage, xsrfHeaders } from '../support/sign-in';

const isoDaysAgo = (days: number) => daysAgoAtNoon(days).toISOString().slice(0, 10);
const midnight = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Folder id → path, from the API (what the sidebar shows). */
async function folderPaths(page: Page): Promise<Map<string, string>> {
  const tree = (await (await page.request.get(`${e2eBaseUrl}/api/u/0/mailbox`)).json()) as {
    mailboxes: Array<{ id: string; path: string; children: unknown[] }>;
  };
  const out = new Map<string, string>();
  const walk = (folders: Array<{ id: string; path: string; children: unknown[] }>) => {
    for (const f of folders) {
      out.set(f.id, f.path);
      walk(f.children as typeof folders);
    }
  };
  walk(tree.mailboxes);
  return out;
}

const keyed = (rows: Row[], paths: Map<string, string>) =>
  rows.map((r) => `${paths.get(r.mailbox)}:${r.id}`).sort();

test.describe('search in Chromium', () => {
  let user: MailUser;

  test.beforeAll(async () => {
    user = newMailUser('search-e2e');
    await seedSearchMail(user, 0);
  });

  test('every keyword and chip finds what IMAP SEARCH finds, in every folder but Trash and Junk', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await useLanguage(page, 'en');
    await signInByApi(page, user, 'en');
    const paths = await folderPaths(page);
    const cases: Array<[string, SearchObject]> = [
      ['budget', { text: 'budget' }],
      ['"exact phrase here"', { text: 'exact phrase here' }],
      ['from:aino', { from: 'aino' }],
      ['to:olga', { to: 'olga' }],
      ['cc:aino', { cc: 'aino' }],
      ['subject:release', { subject: 'release' }],
      [`after:${isoDaysAgo(7)}`, { since: midnight(isoDaysAgo(7)) }],
      [`before:${isoDaysAgo(7)}`, { before: midnight(isoDaysAgo(7)) }],
      [`newer:${isoDaysAgo(30)}`, { since: midnight(isoDaysAgo(30)) }],
      [`older:${isoDaysAgo(30)}`, { before: midnight(isoDaysAgo(30)) }],
      ['older_than:30d', { before: new Date(Date.now() - 30 * 86_400_000) }],
      ['newer_than:7d', { since: new Date(Date.now() - 7 * 86_400_000) }],
      ['larger:50K', { larger: 51_200 }],
      ['smaller:50K', { smaller: 51_200 }],
      ['has:attachment', { keyword: '$HasAttachment' }],
      ['is:unread', { seen: false }],
      ['is:read', { seen: true }],
      ['is:starred', { flagged: true }],
      ['työpäivä', { text: 'työpäivä' }],
      ['Отчёт', { text: 'Отчёт' }],
      ['from:aino OR from:olga', { or: [{ from: 'aino' }, { from: 'olga' }] }],
      ['(acme OR invoice) -is:read', { or: [{ text: 'acme' }, { text: 'invoice' }], seen: false }],
    ];
    for (const [query, criteria] of cases) {
      const found = await searchInBar(page, query);
      const truth = await imapTruth(user, criteria);
      expect(truth.length, `${query} has hits in the seed`).toBeGreaterThan(0);
      expect(keyed(found.messages, paths), query).toEqual(truth);
      expect(found.total).toBe(truth.length);
    }
    // Negation: the reference full-text index cannot negate (NOT FROM finds nothing), so the truth of
    // `budget -from:tom` is IMAP's budget minus IMAP's from:tom.
    const minus = new Set(await imapTruth(user, { from: 'tom' }));
    const budget = (await imapTruth(user, { text: 'budget' })).filter((hit) => !minus.has(hit));
    expect(keyed((await searchInBar(page, 'budget -from:tom')).messages, paths)).toEqual(budget);

    // Trash and Junk only when in: asks.
    const folders = new Set(
      keyed((await searchInBar(page, 'budget')).messages, paths).map((k) => k.split(':')[0]),
    );
    expect([...folders].sort()).toEqual(['INBOX', 'Projects/Acme/2026', 'Sent']);
    expect(keyed((await searchInBar(page, 'in:trash budget')).messages, paths)).toEqual(
      await imapTruth(user, { text: 'budget' }, ['Trash']),
    );
    expect(keyed((await searchInBar(page, 'in:anywhere budget')).messages, paths)).toEqual(
      await imapTruth(user, { text: 'budget' }, [...defaultScope, 'Trash', 'Junk']),
    );

    // The quick chips.
    const chip = async (name: string, term: string, criteria: SearchObject) => {
      const bar = page.getByRole('combobox', { name: 'Search mail' });
      await bar.fill('');
      await bar.click();
      const response = page.waitForResponse(
        (r) => r.url().includes('/api/u/0/search?') && new URL(r.url()).searchParams.get('search') === term,
      );
      await page.getByRole('button', { name }).click();
      const found = (await (await response).json()) as Page1;
      expect(keyed(found.messages, paths), name).toEqual(await imapTruth(user, criteria));
    };
    await chip('Has attachment', 'has:attachment', { keyword: '$HasAttachment' });
    await chip('From me', `from:${user.email}`, { from: user.email });
    await chip('Unread', 'is:unread', { seen: false });
    await chip('Starred', 'is:starred', { flagged: true });
    const helsinkiWeekAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(
      new Date(Date.now() - 7 * 86_400_000),
    );
    await chip('Last 7 days', `after:${helsinkiWeekAgo}`, { since: midnight(helsinkiWeekAgo) });
  });

  test('"last 7 days" counts on the user’s calendar around their midnight, whatever the browser’s zone', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await signInByApi(page, user, 'en');
    for (const [zone, now, expected] of [
      // 23:30 on 9 May in Honolulu (10 May in the browser's Helsinki), then 00:30 on 10 May.
      ['Pacific/Honolulu', '2026-05-10T09:30:00Z', '2026-05-02'],
      ['Pacific/Honolulu', '2026-05-10T10:30:00Z', '2026-05-03'],
      // 23:59 on 9 May and 00:01 on 10 May in Helsinki.
      ['Europe/Helsinki', '2026-05-09T20:59:00Z', '2026-05-02'],
      ['Europe/Helsinki', '2026-05-09T21:01:00Z', '2026-05-03'],
    ] as const) {
      const patch = await page.request.patch(`${e2eBaseUrl}/api/u/0/details`, {
        data: { timezone: zone },
        headers: await xsrfHeaders(page),
      });
      expect(patch.status()).toBe(200);
      await page.clock.setFixedTime(new Date(now));
      await page.goto('/u/0');
      await page.getByRole('combobox', { name: 'Search mail' }).click();
      await page.getByRole('button', { name: 'Last 7 days' }).click();
      await expect(page).toHaveURL(new RegExp(`/u/0/search\\?search=after%3A${expected}$`));
    }
  });

  test('a search with hostile text is a search, not IMAP syntax', async ({ page }) => {
    await useLanguage(page, 'en');
    await signInByApi(page, user, 'en');
    const found = await searchInBar(page, 'budget" UID 1:* DELETED {5}');
    expect(found.total).toBe(0);
    await withImap(user, async (client) => {
      const status = await client.status('INBOX', { messages: true });
      expect(status && status.messages).toBeGreaterThan(0);
    });
  });
});
