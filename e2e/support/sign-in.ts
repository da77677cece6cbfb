import { expect, type Page } from '@playwright/test';

export type UiLanguage = 'fi' | 'en';

/** Chooses the interface language the way the app stores it, before any page script runs. */
export async function useLanguage(page: Page, language: UiLanguage): Promise<void> {
  await page.addInitScript((lang) => window.localStorage.setItem('webmail.language', lang), language);
}

const labels = {
  fi: { email: 'Sähköpostiosoite', password: 'Salasana', submit: 'Kirjaudu' },
  en: { email: 'E-mail address', password: 'Password', submit: 'Sign in' },
} as const;

/** Signs in through the real sign-in form and waits for the inbox. */
export async function signIn(page: Page, user: { email: string; password: string }, language: UiLanguage) {
  await page.goto('/login/password');
  await page.getByLabel(labels[language].email, { exact: true }).fill(user.email);
  await page.getByLabel(labels[language].password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: labels[language].submit, exact: true }).click();
  await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);
}
