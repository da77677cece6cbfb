import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OutboxEntry } from '@webmail/contracts';
import { folderMessages, waitFor, type MailUser } from '../support/compose.testing.js';
import { newMailUser } from '../support/harness.testing.js';
import { TestClient } from '../support/http-client.testing.js';
import { SmtpKillRelay, type KillPoint } from '../support/smtp-kill-relay.testing.js';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.testing.js';

const hour = 3_600_000;
const undoMs = 10_000;

interface Case {
  how: 'scheduled' | 'undo window';
  point: KillPoint;
  /** What the user sees for the entry after the restart. */
  expected: { status: 'sent' } | { status: 'failed'; reason: 'interrupted' };
}

/**
 * Before the SMTP transaction (killed at AUTH) nothing can have left: the entry is sent after the restart. After the mail server took the
 * message but before the server heard so, the outcome is unknown to it (Sent is not filed by this mail server):
 * it reports "interrupted" and never sends again. Either way the recipient holds exactly one copy.
 */
const cases: Case[] = (['scheduled', 'undo window'] as const).flatMap((how) => [
  { how, point: 'atAuth' as const, expected: { status: 'sent' as const } },
  {
    how,
    point: 'afterDot' as const,
    expected: { status: 'failed' as const, reason: 'interrupted' as const },
  },
]);

const subjectOf = (c: Case) => `Killed ${c.point}, ${c.how}`;

/**
 * A real SIGKILL of a server process mid-delivery: its SMTP submission runs through a relay that kills the
 * process at a chosen point of the SMTP dialogue. A new process on the same SQLite database then recovers the
 * outbox (its clock moved past the dead process's claim).
 */
describe('outbox delivery when the server process is killed with SIGKILL', () => {
  const env: Record<string, string> = { TEST_CLOCK: '1' };
  const ids = new Map<Case, string>();
  let alice: MailUser;
  let bob: MailUser;
  let relay: SmtpKillRelay;
  let restarted: SpawnedServer | undefined;
  let client: TestClient;

  async function killedWhileSending(c: Case) {
    const first = await spawnServer({ ...env, SMTP_PORT: String(relay.port) });
    try {
      const killed = relay.arm(c.point, async () => {
        first.child.kill('SIGKILL');
        await first.exited;
      });
      const user = new TestClient(first.baseUrl);
      await user.signIn(alice.email, alice.password);
      const draft = { to: [{ name: '', address: bob.email }], subject: subjectOf(c), html: '<p>once</p>' };
      const when =
        c.how === 'scheduled'
          ? { sendAt: new Date(Date.now() + hour).toISOString() }
          : { undoSeconds: undoMs / 1000 };
      const body = { draftId: crypto.randomUUID(), draft, ...when };
      const entry = await user.post<OutboxEntry>('/api/u/0/compose/send', body);
      expect(entry.status).toBe(202);
      ids.set(c, entry.body.id);
      // The move runs the outbox job; the relay kills the process during it, so the request has no answer.
      const advanceMs = c.how === 'scheduled' ? hour : undoMs;
      const moved = user.post('/api/test/clock', { advanceMs }).catch(() => undefined);
      await untilKilled(c, killed, first, async () => {
        const now = (await user.get<OutboxEntry>(`/api/u/0/compose/outbox/${entry.body.id}`)).body;
        // A temporary SMTP failure under load (the greeting late) waits 30 s, then 2 min: moved past, it runs now.
        if (now.status === 'queued' && now.attempts > 0)
          await user.post('/api/test/clock', { advanceMs: 3 * 60_000 });
        return now;
      });
      await moved;
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
    }
  }

  /**
   * Waits for the relay to kill the process; a process that ended otherwise, or an entry that never reached the
   * relay (a failure, retries past), fails the case with what the process logged and the entry's state.
   */
  async function untilKilled(
    c: Case,
    killed: Promise<void>,
    first: SpawnedServer,
    entry: () => Promise<OutboxEntry>,
  ): Promise<void> {
    let done = false;
    void killed.then(() => (done = true));
    const deadline = Date.now() + 120_000;
    while (!done) {
      await Promise.race([killed, first.exited, new Promise((r) => setTimeout(r, 2_000))]);
      if (done) return;
      const alive = first.child.exitCode === null && first.child.signalCode === null;
      // The relay's own kill ends the process a moment before `killed` resolves.
      if (!alive) await Promise.race([killed, new Promise((r) => setTimeout(r, 5_000))]);
      if (done) return;
      // A request in the moment of the kill has no answer: the next round sees the kill.
      const state = alive ? await entry().catch(() => undefined) : null;
      if (state === undefined) continue;
      if (!state || state.status === 'failed' || state.status === 'sent' || Date.now() > deadline) {
        const why = state ? `its entry is ${JSON.stringify(state)}` : 'the process ended on its own';
        throw new Error(
          `${subjectOf(c)}: never reached the relay; ${why}. Its log: ${first.output().slice(-2000)}`,
        );
      }
    }
  }

  beforeAll(async () => {
    alice = await newMailUser('killed');
    bob = await newMailUser('recipient');
    env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'wm-sigkill-'));
    relay = await SmtpKillRelay.start(inject('mailstack').ports.webmailSubmission);
    for (const c of cases) await killedWhileSending(c);
    restarted = await spawnServer(env);
    client = new TestClient(restarted.baseUrl);
    await client.signIn(alice.email, alice.password);
    // Past the dead processes' claims (scheduled an hour ahead, then held for the sending lock).
    expect((await client.post('/api/test/clock', { advanceMs: hour + 20 * 60_000 })).status).toBe(200);
  }, 300_000);

  afterAll(async () => {
    restarted?.child.kill('SIGKILL');
    await relay?.close();
  });

  it.each(cases)('$how, killed at $point: the recipient holds exactly one copy', async (c) => {
    const entry = await waitFor(
      async () => (await client.get<OutboxEntry>(`/api/u/0/compose/outbox/${ids.get(c)}`)).body,
      (e) => e.status === 'sent' || e.status === 'failed',
      30_000,
    );
    expect({ status: entry.status, reason: entry.failure?.reason }).toEqual({
      status: c.expected.status,
      reason: 'reason' in c.expected ? c.expected.reason : undefined,
    });
    const copies = async () =>
      (await folderMessages(bob, 'INBOX')).filter((m) => m.envelope.subject === subjectOf(c)).length;
    expect(await waitFor(copies, (n) => n > 0)).toBe(1);
  });
});
