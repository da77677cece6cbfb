import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, e2eBaseUrl } from './support/environment';

export default defineConfig({
  testDir: './tests',
  // A run with its own state directory (E2E_STATE_DIR) keeps its own traces too.
  outputDir: process.env.E2E_STATE_DIR ? `${process.env.E2E_STATE_DIR}/test-results` : './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: e2eBaseUrl,
    launchOptions: chromiumLaunchOptions,
    acceptDownloads: true,
    locale: 'fi-FI',
    timezoneId: 'Europe/Helsinki',
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
