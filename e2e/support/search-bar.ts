import { expect, type Page } from '@playwright/test';

/** A row of the search results as the API answers it. */
export interface SearchResultRow {
  id: number;
  mailbox: string;
  subject: string;
  seen: boolean;
}

/** A page of search results as the API answers it. */
export interface SearchResultPage {
  total: number;
  messages: SearchResultRow[];
}

/** Types a query in the bar and presses Enter; the first page the results page asked for. */
export async function searchInBar(page: Page, query: string): Promise<SearchResultPage> {
  const bar = page.getByRole('combobox', { name: 'Search mail' });
  const response = page.waitForResponse(
    (r) => r.url().includes('/api/u/0/search?') && new URL(r.url()).searchParams.get('search') === query,
  );
  await bar.fill(query);
  await bar.press('Enter');
  const page1 = (await (await response).json()) as SearchResultPage;
  await expect(
    page
      .getByRole('list', { name: `Results for ${query}` })
      .or(page.getByText('No messages match this search')),
  ).toBeVisible();
  return page1;
}
