import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');
export const e2ePort = Number(process.env.E2E_PORT ?? 8181);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
/** The same server by name: WebAuthn refuses an IP address as relying-party id, so passkey tests use this one. */
export const e2eLocalhostUrl = `http://localhost:${e2ePort}`;
export const e2eMailstackPortBase = Number(process.env.E2E_MAILSTACK_PORT_BASE ?? 24000);
/** Another port pair and state directory let a second run (a teammate's) go side by side with this one. */
export const e2eStateDir = process.env.E2E_STATE_DIR ?? path.join(repoRoot, '.data/e2e');
/** The secret Dovecot's authentication reports carry to the suite's server (test-only value). */
export const e2eReportSecret = 'e2e-mail-auth-report-secret';
export const e2eMailstackDir = path.join(e2eStateDir, 'mailstack');
export const screenshotDir = path.join(repoRoot, 'e2e/artifacts/screenshots');

/** Debian's Chromium; never a downloaded browser. The flags keep it off the (closed) network. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The demo mailboxes (mailstack/bin/seed-demo.ts); `name` is what the server derives from the address. */
export const demoUsers = {
  alice: { email: 'alice@example.test', password: 'alice-demo', name: 'Alice' },
  bob: { email: 'bob@example.test', password: 'bob-demo', name: 'Bob' },
} as const;
