import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, e2eBaseUrl } from './support/environment';

/**
 * Specs that sign in as the demo accounts (alice, bob, carol) and change their mail or settings run one at a time
 * (their own project, one worker); every other spec makes its own accounts (support/mail-user.ts) and runs beside
 * them on the second worker. The one-worker project is the run's critical path: a spec that needs no demo mail
 * belongs in the other one.
 */
const demoAccountSpecs =
  /\/(accounts|compose|compose-reply|compose-send|live-events-connection|live-events-mail|mailbox|polish-addresses|polish-message-list|polish-reply-and-date-order|polish-screenshots|pwa|read-mail|screenshots|screenshots-mail)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  // A run with its own state directory (E2E_STATE_DIR) keeps its own traces too.
  outputDir: process.env.E2E_STATE_DIR ? `${process.env.E2E_STATE_DIR}/test-results` : './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: e2eBaseUrl,
    launchOptions: chromiumLaunchOptions,
    acceptDownloads: true,
    locale: 'fi-FI',
    timezoneId: 'Europe/Helsinki',
    // A failed test keeps its trace: actions, DOM snapshots, console and network. Not its screencast: the frames
    // cost a third of the suite's time (six specs: 321 s of test time with them, 220 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    { name: 'demo-accounts', testMatch: demoAccountSpecs, workers: 1, use: { browserName: 'chromium' } },
    { name: 'own-accounts', testIgnore: demoAccountSpecs, use: { browserName: 'chromium' } },
  ],
});
