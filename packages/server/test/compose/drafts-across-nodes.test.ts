import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ResumedDraft } from '@webmail/contracts';
import { folderMessages, persistentStorage, saveDraft, type MailUser } from '../support/compose.testing.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';
import { startHeldRelay } from '../support/held-relay.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { startImapFilterProxy } from '../support/imap-filter-proxy.testing.js';

type Server = Awaited<ReturnType<typeof startServer>>;

/** Which of the two racing saves is stopped at its APPEND while the other one runs start to end. */
const cases = [
  { held: 'older', revisions: { held: 5, through: 6 } },
  { held: 'newer', revisions: { held: 8, through: 7 } },
] as const;

/**
 * Two server processes on one database save the same draft at once (a rolling restart, or no affinity at the
 * balancer, sends a user's saves to two nodes). One save is held at its IMAP APPEND (a relay in front of the
 * real Dovecot) after it has read the draft's row, while the other save runs through the second node; then the
 * first goes on. Whatever the order they reach the mail server, the draft keeps the newest revision's content,
 * in Drafts and in the database.
 */
describe.each(dbKinds)('saves of one draft on two server processes on %s', (db) => {
  let first: Server;
  let second: Server;
  let alice: MailUser;
  let onFirst: TestClient;
  let onSecond: TestClient;
  let relay: Awaited<ReturnType<typeof startHeldRelay>>;
  let proxy: Awaited<ReturnType<typeof startImapFilterProxy>>;

  beforeAll(async () => {
    const storage = await persistentStorage(db);
    relay = await startHeldRelay(inject('mailstack').ports.webmailImap);
    // No COMPRESS=DEFLATE between the first server and the relay: the relay reads the commands.
    proxy = await startImapFilterProxy(relay.port, {});
    first = await startServer(db, { ...storage, IMAP_PORT: String(proxy.port) });
    second = await startServer(db, storage);
    alice = await newMailUser('twonodes');
    onFirst = first.client();
    onSecond = second.client();
    await onFirst.signIn(alice.email, alice.password);
    await onSecond.signIn(alice.email, alice.password);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await proxy?.close();
    await relay?.close();
  });

  it.each(cases)('the newest save wins when the $held one is held at its APPEND', async (c) => {
    const draftId = crypto.randomUUID();
    const draftAt = (revision: number) => ({ subject: `Revision ${revision}`, html: `<p>${revision}</p>` });
    expect((await saveDraft(onFirst, draftId, draftAt(1), 1)).body).toMatchObject({ result: 'saved' });

    const holding = relay.hold(/ APPEND /i);
    const heldSave = saveDraft(onFirst, draftId, draftAt(c.revisions.held), c.revisions.held);
    const append = await holding;
    const through = await saveDraft(onSecond, draftId, draftAt(c.revisions.through), c.revisions.through);
    expect(through.body).toMatchObject({ result: 'saved', revision: c.revisions.through });
    append.release();
    await heldSave;

    const newest = Math.max(c.revisions.held, c.revisions.through);
    const drafts = await folderMessages(alice, 'Drafts');
    const copies = drafts.filter((m) => m.source.toString('latin1').includes(draftId));
    expect(copies.map((m) => m.envelope.subject)).toEqual([`Revision ${newest}`]);
    for (const client of [onFirst, onSecond]) {
      const resumed = await client.get<ResumedDraft>(`/api/u/0/compose/drafts/${draftId}`);
      expect({ subject: resumed.body.draft.subject, revision: resumed.body.revision }).toEqual({
        subject: `Revision ${newest}`,
        revision: newest,
      });
    }
    // A late retry of the older revision changes nothing.
    const older = Math.min(c.revisions.held, c.revisions.through);
    expect((await saveDraft(onSecond, draftId, draftAt(older), older)).body).toMatchObject({
      result: 'skipped',
      revision: newest,
    });
  });
});
