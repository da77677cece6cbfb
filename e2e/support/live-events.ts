import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { e2eBaseUrl, e2eMailstackPortBase } from './environment';
import { plainMessage, type MailUser } from './mail-user';
import { useLanguage, type UiLanguage } from './sign-in';

/** One message of an event stream as the page received it, or the stream's open and error. */
export interface StreamRecord {
  url: string;
  type: 'open' | 'error' | 'message';
  data?: string;
  /** The SSE `id:` of a logged event ('' for mail events, which carry none). */
  id?: string;
  at: number;
}

/**
 * Records every event stream of the context's pages (`window.__streams`; the EventSource objects themselves in
 * `window.__eventSources`), to check what reached which tab. Wraps the browser's EventSource before any page script
 * runs; the app still uses it as usual.
 */
export async function recordEventStreams(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const records: unknown[] = [];
    const sources: EventSource[] = [];
    Object.assign(window, { __streams: records, __eventSources: sources });
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        sources.push(this);
        const href = String(url);
        this.addEventListener('open', () => records.push({ url: href, type: 'open', at: Date.now() }));
        this.addEventListener('error', () => records.push({ url: href, type: 'error', at: Date.now() }));
        this.addEventListener('message', (event) =>
          records.push({
            url: href,
            type: 'message',
            data: event.data,
            id: event.lastEventId,
            at: Date.now(),
          }),
        );
      }
    };
  });
}

export function streamRecords(page: Page): Promise<StreamRecord[]> {
  return page.evaluate(() => (window as unknown as { __streams: StreamRecord[] }).__streams);
}

/**
 * Waits until the page's latest event stream is open and live: a new stream's first event, `connected`, comes once
 * the server reports the account's mail changes (its mailbox watcher has its baseline); a resumed one replays.
 */
export async function waitForOpenStream(page: Page): Promise<void> {
  await expect.poll(async () => streamState(await streamRecords(page))).toBe('live');
}

function streamState(records: StreamRecord[]): 'live' | 'opening' {
  const open = records.findLastIndex((r) => r.type !== 'message');
  const last = records[open];
  if (last?.type !== 'open') return 'opening';
  const resumed =
    last.url.includes('lastEventId=') ||
    records.slice(0, open).some((r) => r.type === 'open' && r.url === last.url);
  const connected = records.slice(open + 1).some((r) => r.data?.includes('"command":"connected"'));
  return resumed || connected ? 'live' : 'opening';
}

const lmtp = nodemailer.createTransport({
  host: '127.0.0.1',
  port: e2eMailstackPortBase + 24,
  lmtp: true,
});

/** Delivers a small message into the user's Inbox over LMTP, as the mail server's MTA would; resolves on its final 250. */
export async function deliver(user: MailUser, subject: string): Promise<void> {
  await lmtp.sendMail({
    envelope: { from: 'sender@example.test', to: [user.email] },
    raw: plainMessage({ from: 'Live Sender <sender@example.test>', to: user.email, subject }),
  });
}

/** A new browser context in `language` whose event streams are recorded ({@link recordEventStreams}). */
export async function newRecordingContext(browser: Browser, language: UiLanguage, baseURL = e2eBaseUrl) {
  const context = await browser.newContext({ baseURL });
  await useLanguage(context, language);
  await recordEventStreams(context);
  return context;
}

/** The open folder's message list. */
export const messageList = (page: Page) => page.getByRole('list', { name: /^Messages in/ });

/** A folder's link in the sidebar, by its name (its unread count may follow). */
export const folderLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: new RegExp(`^${name}(,|$)`) });
