import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type Page } from '@playwright/test';
import { e2eStateDir } from './environment';
import type { MailUser } from './mail-user';
import { extraServerPort, startServer, type RunningServer } from './server-process';
import { submitSignIn, type UiLanguage } from './sign-in';

/** A server of its own with the onboarding tour on (the suite's servers run with ONBOARDING_TOUR=false). */
export interface TourServer extends RunningServer {
  dataDir: string;
}

/**
 * Starts a fresh server with the tour on. `slot` keeps specs that may run side by side on ports of their own
 * (above the shared extra-server port; 0 and 1 belong to the demo-account specs, which run beside these).
 */
export async function startTourServer(name: string, slot: number): Promise<TourServer> {
  const dataDir = path.join(e2eStateDir, `server-${name}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({
    port: extraServerPort + slot,
    dataDir,
    logFile: path.join(e2eStateDir, `server-${name}.log`),
    env: { ONBOARDING_TOUR: 'true' },
  });
  return { ...server, dataDir };
}

/**
 * Makes `user` an account carried over from an older app version: its stored preferences say it first signed in
 * with `version` (no call can set this; the server keeps what is stored).
 */
export function setInitialVersion(server: TourServer, user: MailUser, version: number): void {
  const db = new Database(path.join(server.dataDir, 'webmail.sqlite'));
  try {
    db.prepare(
      `INSERT INTO user_settings (account, settings, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (account) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
    ).run(user.email, JSON.stringify({ initialVersion: version }), Date.now());
  } finally {
    db.close();
  }
}

/** Signs in through the sign-in form of `server` in `language` and waits for the inbox. */
export async function signInOnTourServer(
  page: Page,
  server: TourServer,
  user: MailUser,
  language: UiLanguage,
): Promise<void> {
  await page.goto(`${server.baseUrl}/login/password`);
  await submitSignIn(page, user, language);
  await expect(page).toHaveURL(new RegExp(`^${server.baseUrl}/u/0/[^/]+$`));
}
