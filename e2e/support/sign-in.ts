import { expect, type BrowserContext, type Page } from '@playwright/test';

export type UiLanguage = 'fi' | 'en';

/**
 * Chooses the interface language the way the app stores it, before any page script runs. Given the context, it
 * holds for every tab the test opens (an added account opens in a new tab).
 */
export async function useLanguage(target: Page | BrowserContext, language: UiLanguage): Promise<void> {
  await target.addInitScript((lang) => window.localStorage.setItem('webmail.language', lang), language);
}

export const labels = {
  fi: { email: 'Sähköpostiosoite', password: 'Salasana', submit: 'Kirjaudu' },
  en: { email: 'E-mail address', password: 'Password', submit: 'Sign in' },
} as const;

/** Fills and sends the password sign-in form on the current page. */
export async function submitSignIn(
  page: Page,
  user: { email: string; password: string },
  language: UiLanguage,
): Promise<void> {
  await page.getByLabel(labels[language].email, { exact: true }).fill(user.email);
  await page.getByLabel(labels[language].password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: labels[language].submit, exact: true }).click();
}

/**
 * Signs in through the real sign-in form and waits for the inbox of the user index the server gives (0 for the
 * first account of a browser context, 1 for the second …).
 */
export async function signIn(
  page: Page,
  user: { email: string; password: string },
  language: UiLanguage,
  expectedUserIndex = 0,
) {
  await page.goto('/login/password');
  await submitSignIn(page, user, language);
  await expect(page).toHaveURL(new RegExp(`/u/${expectedUserIndex}/[^/]+$`));
}

/** The header a signed-in page's API calls carry (double-submit XSRF), for calls made by the test itself. */
export async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('no XSRF-TOKEN cookie: sign in first');
  return { 'X-XSRF-TOKEN': token };
}

/** Where {@link signInByApi} signs in and what it opens. */
export interface ApiSignIn {
  /** The user index the server is to give (0 for a context's first account, 1 for the second …). */
  userIndex?: number;
  /** Another server than the configured one. */
  baseUrl?: string;
  /** The page to open once signed in (default: the account's mailbox, checked to be one). */
  path?: string;
}

/**
 * Signs in the way the sign-in form does underneath — GET /api/ for the device and XSRF cookies, then POST
 * /api/auth with the double-submit header — in the page's own context, so the browser holds the session, and
 * opens the target page. For specs that do not test signing in: the form costs a page load and its own round
 * trips per test, and a spec that starts on another page than the mailbox would load the app twice.
 */
export async function signInByApi(
  page: Page,
  user: { email: string; password: string },
  language: UiLanguage,
  { userIndex = 0, baseUrl = '', path }: ApiSignIn = {},
): Promise<void> {
  const request = page.context().request;
  const ready = await request.get(`${baseUrl}/api/`);
  if (!ready.ok()) throw new Error(`GET /api/ answered ${ready.status()}`);
  const response = await request.post(`${baseUrl}/api/auth`, {
    data: { email: user.email, password: user.password },
    headers: { ...(await xsrfHeaders(page)), 'Accept-Language': language },
  });
  if (!response.ok()) throw new Error(`sign-in of ${user.email} answered ${response.status()}`);
  const given = ((await response.json()) as { userIndex?: number }).userIndex;
  if (given !== userIndex)
    throw new Error(`sign-in of ${user.email} gave user index ${given}, not ${userIndex}`);
  if (path) {
    await page.goto(`${baseUrl}${path}`);
    return;
  }
  await page.goto(`${baseUrl}/u/${userIndex}`);
  // The app's own step to the Inbox (a route loaded on demand after the whole app has started): a navigation,
  // awaited as one, where the form's sign-in had the app loaded already.
  await page.waitForURL(new RegExp(`/u/${userIndex}/[^/]+$`));
}
