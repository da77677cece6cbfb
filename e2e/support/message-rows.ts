import type { Locator, Page } from '@playwright/test';

/**
 * A message list row's link by its visible subject, exactly (so "Plans" is not "Re: Plans"). The link is named by
 * what the row shows; unread, starred, the conversation's size and attachments are its description.
 */
export function messageRow(page: Page, subject: string): Locator {
  return page.getByRole('link').filter({ has: page.getByText(subject, { exact: true }) });
}

/** The rows of the open folder's message list (the English or the Finnish interface). */
export const messageListRows = (page: Page): Locator =>
  page.getByRole('list', { name: /Messages in|Viestit kansiossa/ }).getByRole('listitem');
