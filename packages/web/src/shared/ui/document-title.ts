import { productName } from '@webmail/contracts';

/**
 * The one writer of `document.title`: the page's title (`usePageTitle`) and, in front of it, a count in brackets
 * while one is set (the Inbox's unread messages: `(3) Saapuneet - Webmail`). Each part changes on its own, so a page
 * that sets its title never drops the count and the count never needs to know the page.
 */
let pageTitle = productName;
let count: number | null = null;

function render(): void {
  document.title = count ? `(${count}) ${pageTitle}` : pageTitle;
}

export function setPageTitleText(text: string): void {
  pageTitle = text;
  render();
}

/** The count in front of the title; 0 or null shows none. */
export function setTitleCount(value: number | null): void {
  count = value && value > 0 ? value : null;
  render();
}
