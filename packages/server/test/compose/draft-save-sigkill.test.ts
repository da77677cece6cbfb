import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ResumedDraft } from '@webmail/contracts';
import { startAnswerRelay } from '../support/answer-relay.testing.js';
import { folderMessages, saveDraft } from '../support/compose.testing.js';
import { newMailUser } from '../support/harness.testing.js';
import { TestClient } from '../support/http-client.testing.js';
import { startImapFilterProxy } from '../support/imap-filter-proxy.testing.js';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.testing.js';

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
    const relay = await startAnswerRelay(inject('mailstack').ports.webmailImap);
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
