import { expect, type Page } from '@playwright/test';
import { withImap, type MailUser } from './mail-user';
import { signInByApi } from './sign-in';

/** What the composer's controls are called in English (packages/web/src/locales/en/compose.json). */
export const composer = {
  body: (page: Page) => page.getByRole('textbox', { name: 'Message body' }),
  subject: (page: Page) => page.getByRole('textbox', { name: 'Subject' }),
  field: (page: Page, name: 'To' | 'Cc' | 'Bcc') => page.getByRole('combobox', { name, exact: true }),
  send: (page: Page) => page.getByRole('button', { name: /^Send(?! feedback)/ }),
  /** The draft state as `data-draft-state`: saving, saved, sending, notSaved, notEdited. */
  state: (page: Page) => page.locator('[data-draft-state]'),
};

/** The Compose link of the sidebar; resolves once the composer has its draftId in the address. */
export async function openComposer(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Compose' }).click();
  await expect(page).toHaveURL(/\/compose\/[0-9a-f-]{36}$/);
  await expect(composer.body(page)).toBeVisible();
  return draftIdOf(page);
}

export function draftIdOf(page: Page): string {
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`no draftId in ${page.url()}`);
  return id;
}

/** Signs in to a server other than the suite's own (one a test started itself), by API as `signInByApi` does. */
export async function signInAt(page: Page, baseUrl: string, user: MailUser): Promise<void> {
  await signInByApi(page, user, 'en', { baseUrl });
}

/** Types addresses into a recipient field as a user does (Enter after each), revealing Cc or Bcc first. */
export async function addRecipients(page: Page, field: 'To' | 'Cc' | 'Bcc', addresses: string[]) {
  const input = composer.field(page, field);
  if (field !== 'To' && !(await input.isVisible())) {
    await page.getByRole('button', { name: `Add ${field} recipients` }).click();
  }
  for (const address of addresses) {
    await input.fill(address);
    await input.press('Enter');
  }
}

/** A chip in a recipient field; its accessible name is `Name <address>` or the bare address. */
export function chip(page: Page, text: string | RegExp) {
  return page.getByRole('button', { name: text });
}

/** The XSRF header the app sends (double-submit), read from its cookie, for calls that bypass the app. */

export interface StoredMessage {
  uid: number;
  flags: Set<string>;
  source: Buffer;
}

/** Every message of a folder with its raw source, read straight from Dovecot. */
export async function messagesIn(user: MailUser, folder: string): Promise<StoredMessage[]> {
  return withImap(user, async (client) => {
    const lock = await client.getMailboxLock(folder, { readOnly: true });
    try {
      const out: StoredMessage[] = [];
      if (client.mailbox && client.mailbox.exists > 0) {
        for await (const m of client.fetch('1:*', { uid: true, flags: true, source: true })) {
          if (m.source) out.push({ uid: m.uid, flags: m.flags ?? new Set(), source: m.source });
        }
      }
      return out;
    } finally {
      lock.release();
    }
  });
}

/** One header of a raw message, unfolded. */
export function headerOf(source: Buffer, name: string): string | null {
  const head = source.toString('latin1').split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return unfolded.match(new RegExp(`^${name}:[ \\t]*(.*)$`, 'im'))?.[1]?.trim() ?? null;
}
