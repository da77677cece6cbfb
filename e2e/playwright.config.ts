import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, e2eBaseUrl } from './support/environment';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
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
