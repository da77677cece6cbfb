import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config';

/**
 * Specs of the suite run through the reference deployment (three nodes behind HAProxy on PostgreSQL, live mail
 * pushed by Dovecot) instead of one server, with the balancer's affinity off by default (E2E_AFFINITY): each of a
 * page's requests may land on another node. The chosen specs make their own accounts and start no server of their
 * own; cluster/ holds what only a deployment of several nodes can show (a rolling restart).
 */
export default defineConfig({
  ...baseConfig,
  testDir: '.',
  // Apart from the main run's, whose failure traces this run would otherwise clear.
  outputDir: process.env.E2E_STATE_DIR
    ? `${process.env.E2E_STATE_DIR}/test-results-cluster`
    : './test-results/cluster',
  globalSetup: './support/cluster-setup.ts',
  // The specs of the suite first, the rolling restart after them: those specs assert that no request of theirs
  // ever fails, and a node restarted under them is the restart spec's subject, not theirs.
  projects: [
    {
      name: 'through-balancer',
      testMatch: /tests\/(reading-actions-quiet|two-step-filters|settings-general)\.spec\.ts$/,
    },
    { name: 'rolling-restart', testMatch: /cluster\/.*\.spec\.ts$/, dependencies: ['through-balancer'] },
  ],
  workers: 2,
});
