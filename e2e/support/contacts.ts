import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { e2eBaseUrl, repoRoot } from './environment';
import { xsrfHeaders } from './sign-in';

/** A 64×64 PNG with a gradient: a real image for avatars. */
export const avatarPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAYAAABXAvmHAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAhklEQVR4nO2TMQ0DQBDDDoFBFGkhGWI5dLFeypDdsZKTz/flXA3gCtBbdBOiN+lOzJu5GsAVoLfoJkRv0p2YN3M1gCtAb9FNiN6kOzFv5moAV4DeopsQvUl3Yt7M1QCuAL1FNyF6k+7EvJmrAVwBeotuQvQm3Yl5M1cDuAL0Ft2E6E3+e+IfcbhgtceDyvkAAAAASUVORK5CYII=',
  'base64',
);

/** Imports one of the server tests' fixture files into the signed-in user's default address book. */
export async function importFixture(page: Page, name: string): Promise<void> {
  const file = readFileSync(path.join(repoRoot, 'packages/server/test/contacts/fixtures', name));
  const res = await page.request.post(`${e2eBaseUrl}/api/u/0/contacts/import`, {
    headers: await xsrfHeaders(page),
    multipart: { type: 'auto', contactImport: { name, mimeType: 'application/octet-stream', buffer: file } },
  });
  expect(res.status()).toBe(200);
}

/** The contacts panel under the folders (a region named "Contacts" / "Yhteystiedot"). */
export const contactsPanel = (page: Page, title = 'Contacts') => page.getByRole('region', { name: title });
