import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ResumedDraft } from '@webmail/contracts';
import { folderMessages, saveDraft } from '../support/compose.testing.js';
import { newMailUser } from '../support/harness.testing.js';
import { TestClient } from '../support/http-client.testing.js';
import { startImapFilterProxy } from '../support/imap-filter-proxy.testing.js';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.testing.js';

/**
 * A relay in front of Dovecot's IMAP that, once armed, passes the next command matching a pattern on and runs
 * `onAnswer` when Dovecot answers it, the answer held back: the mail server did the work and the webmail never heard.
 */
async function startAnswerHookRelay(upstreamPort: number) {
  let armed: { pattern: RegExp; onAnswer: () => Promise<void>; reached: () => void } | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    let waiting: NonNullable<typeof armed> | null = null;
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy()).on('close', () => {
        socket.destroy();
        upstream.destroy();
      });
    }
    socket.on('data', (chunk: Buffer) => {
      if (armed?.pattern.test(chunk.toString('latin1'))) [waiting, armed] = [armed, null];
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!waiting) return void socket.write(chunk);
      const hook = waiting;
      waiting = null;
      void hook.onAnswer().then(hook.reached);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    arm: (pattern: RegExp, onAnswer: () => Promise<void>) =>
      new Promise<void>((reached) => (armed = { pattern, onAnswer, reached })),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const draftIdHeader = (source: Buffer) =>
  /^X-Webmail-Draft-Id: (.+)$/im.exec(source.toString('latin1'))?.[1]?.trim();

describe('the server killed with SIGKILL during a draft save', () => {
  const servers: SpawnedServer[] = [];
  const closers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const s of servers)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    for (const close of closers) await close();
  });

  it('after Dovecot took the new version: the draft opens whole after a restart, and once in Drafts', async () => {
    const alice = await newMailUser('killsave');
    const relay = await startAnswerHookRelay(inject('mailstack').ports.webmailImap);
    // No COMPRESS=DEFLATE between the server and the relay: the relay reads the commands.
    const proxy = await startImapFilterProxy(relay.port, {});
    closers.push(proxy.close, relay.close);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wm-killsave-'));
    const first = await spawnServer({ DATA_DIR: dataDir, IMAP_PORT: String(proxy.port) });
    servers.push(first);
    const client = new TestClient(first.baseUrl);
    await client.signIn(alice.email, alice.password);
    const draftId = crypto.randomUUID();
    const url = `/api/u/0/compose/drafts/${draftId}`;
    const saved = await saveDraft(client, draftId, { subject: 'First', html: '<p>one</p>' }, 1);
    expect(saved.status).toBe(200);

    const killed = relay.arm(/ APPEND /i, async () => {
      first.child.kill('SIGKILL');
      await first.exited;
    });
    const second = saveDraft(client, draftId, { subject: 'Second', html: '<p>two</p>' }, 2).catch(() => null);
    await killed;
    await second;

    const restarted = await spawnServer({ DATA_DIR: dataDir });
    servers.push(restarted);
    const reader = new TestClient(restarted.baseUrl);
    await reader.signIn(alice.email, alice.password);
    const resumed = (await reader.get<ResumedDraft>(url)).body;
    // Whole: one of the two versions, its subject and body together.
    expect([
      { subject: 'First', html: '<p>one</p>' },
      { subject: 'Second', html: '<p>two</p>' },
    ]).toContainEqual({ subject: resumed.draft.subject, html: resumed.draft.html?.trim() });
    // The dead process never removed the older version: opening the draft does, so Drafts shows it once.
    const copiesOf = async () =>
      (await folderMessages(alice, 'Drafts')).filter((m) => draftIdHeader(m.source) === draftId);
    expect((await copiesOf()).map((m) => m.envelope.subject)).toEqual([resumed.draft.subject]);
    // And the next save replaces it as any save does.
    const next = await saveDraft(
      reader,
      draftId,
      { subject: 'Third', html: '<p>three</p>' },
      (resumed.revision ?? 0) + 1,
    );
    expect(next.status).toBe(200);
    expect((await copiesOf()).map((m) => m.envelope.subject)).toEqual(['Third']);
  }, 120_000);
});
