import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OutboxEntry, ResumedDraft } from '@webmail/contracts';
import { folderMessages, waitFor, type MailUser } from '../support/compose.testing.js';
import { newMailUser } from '../support/harness.testing.js';
import { startHeldRelay } from '../support/held-relay.testing.js';
import { startImapFilterProxy } from '../support/imap-filter-proxy.testing.js';
import { TestClient } from '../support/http-client.testing.js';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.testing.js';

const waiting = 'stopping: waiting for the background runs in progress';
const waitingRequests = 'stopping: waiting for the requests still running';

/**
 * A PUT whose client goes away mid-request: `leave()` destroys its socket (a fetch's abort may leave the pooled
 * connection open, and then the server rightly waits for it as for any connection still there).
 */
function putAndLeave(url: string, options: { headers: Record<string, string>; body: string }) {
  const request = http.request(url, {
    method: 'PUT',
    headers: { ...options.headers, 'content-type': 'application/json', connection: 'close' },
  });
  const closed = new Promise<'left' | 'answered'>((resolve) => {
    request.on('response', () => resolve('answered'));
    request.on('error', () => resolve('left'));
    request.on('close', () => resolve('left'));
  });
  request.end(options.body);
  return { closed, leave: () => request.destroy() };
}

/** Waits until the process logged `line` (the stopping process says what it waits for). */
const logged = (server: SpawnedServer, line: string) =>
  waitFor(
    async () => server.output(),
    (out) => out.includes(line),
    30_000,
  );

/**
 * A send that is under way in the background (the outbox job, not a request) when the node gets SIGTERM: the
 * node stops taking requests but lets the send finish and record itself before the database closes. The send is
 * held at its SMTP AUTH by a relay in front of the real submission port until the stopping process says it is
 * waiting for its background runs; then it goes on.
 */
describe('SIGTERM while the outbox is sending', () => {
  let alice: MailUser;
  let bob: MailUser;
  let relay: Awaited<ReturnType<typeof startHeldRelay>>;
  let stopped: SpawnedServer;
  let restarted: SpawnedServer | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wm-shutdown-'));

  beforeAll(async () => {
    alice = await newMailUser('stopping');
    bob = await newMailUser('stoprecipient');
    relay = await startHeldRelay(inject('mailstack').ports.webmailSubmission);
    stopped = await spawnServer({
      DATA_DIR: dataDir,
      SMTP_PORT: String(relay.port),
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: '60',
    });
  }, 90_000);
  afterAll(async () => {
    for (const server of [stopped, restarted])
      if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await relay?.close();
  });

  it('finishes the send, records it, closes the database last and exits 0', async () => {
    const client = new TestClient(stopped.baseUrl);
    await client.signIn(alice.email, alice.password);
    const holding = relay.hold(/(^|\r\n)AUTH /i);
    const subject = `Sent while stopping ${crypto.randomUUID()}`;
    const draft = { to: [{ name: '', address: bob.email }], subject, html: '<p>once</p>' };
    const queued = await client.post<OutboxEntry>('/api/u/0/compose/send', {
      draftId: crypto.randomUUID(),
      draft,
      undoSeconds: 1,
    });
    expect(queued.status).toBe(202);
    const auth = await holding;

    stopped.child.kill('SIGTERM');
    expect(await logged(stopped, waiting)).toContain(waiting);
    auth.release();
    expect(await stopped.exited).toBe(0);
    expect(stopped.output()).not.toMatch(/destroyed|background job failed/i);

    restarted = await spawnServer({ DATA_DIR: dataDir });
    const reader = new TestClient(restarted.baseUrl);
    await reader.signIn(alice.email, alice.password);
    const entry = await reader.get<OutboxEntry>(`/api/u/0/compose/outbox/${queued.body.id}`);
    expect(entry.body.status).toBe('sent');
    const copies = async () =>
      (await folderMessages(bob, 'INBOX')).filter((m) => m.envelope.subject === subject).length;
    expect(await waitFor(copies, (n) => n > 0)).toBe(1);
  }, 120_000);
});

/**
 * A request whose client went away (a balancer's timeout) while its handler still runs: the connection is gone, so
 * closing the server does not wait for it by itself. The handler — a draft save held at its IMAP APPEND by a relay in
 * front of the real Dovecot — finishes and records the draft before IMAP and the database close.
 */
describe('SIGTERM while a handler whose client left is still running', () => {
  let alice: MailUser;
  let relay: Awaited<ReturnType<typeof startHeldRelay>>;
  let proxy: Awaited<ReturnType<typeof startImapFilterProxy>>;
  let stopped: SpawnedServer;
  let restarted: SpawnedServer | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wm-shutdown-'));

  beforeAll(async () => {
    alice = await newMailUser('leftsave');
    relay = await startHeldRelay(inject('mailstack').ports.webmailImap);
    // No COMPRESS=DEFLATE between the server and the relay: the relay reads the commands.
    proxy = await startImapFilterProxy(relay.port, {});
    const settings = { DATA_DIR: dataDir, LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_SECONDS: '60' };
    stopped = await spawnServer({ ...settings, IMAP_PORT: String(proxy.port) });
  }, 90_000);
  afterAll(async () => {
    for (const server of [stopped, restarted])
      if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await proxy?.close();
    await relay?.close();
  });

  it('lets the handler finish and record its work, then exits 0', async () => {
    const client = new TestClient(stopped.baseUrl);
    await client.signIn(alice.email, alice.password);
    const draftId = crypto.randomUUID();
    const holding = relay.hold(/ APPEND /i);
    // The client leaves as a balancer's timeout does: its socket closes while the handler waits at APPEND.
    const save = putAndLeave(`${stopped.baseUrl}/api/u/0/compose/drafts/${draftId}`, {
      headers: {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; '),
        'x-xsrf-token': client.xsrf ?? '',
      },
      body: JSON.stringify({
        draft: { subject: 'Saved after the client left', html: '<p>kept</p>' },
        revision: 1,
      }),
    });
    const append = await holding;
    save.leave();
    expect(await save.closed).toBe('left');

    stopped.child.kill('SIGTERM');
    expect(await logged(stopped, waitingRequests)).toContain(waitingRequests);
    append.release();
    expect(await stopped.exited).toBe(0);
    expect(stopped.output()).not.toMatch(/destroyed|"level":50/);

    restarted = await spawnServer({ DATA_DIR: dataDir });
    const reader = new TestClient(restarted.baseUrl);
    await reader.signIn(alice.email, alice.password);
    const resumed = await reader.get<ResumedDraft>(`/api/u/0/compose/drafts/${draftId}`);
    expect({ subject: resumed.body.draft.subject, revision: resumed.body.revision }).toEqual({
      subject: 'Saved after the client left',
      revision: 1,
    });
  }, 120_000);
});
