import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageDetail } from '@webmail/contracts';
import { findUnsafe, hostileCorpus } from '../../src/mail/mime/unsafe-html.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { deliver, folderIds } from '../support/reading.testing.js';

const corpus = hostileCorpus();

/** On the server side: every hostile message, delivered over LMTP, reads back harmless. */
describe('hostile corpus through the mail server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let inbox: string;

  beforeAll(async () => {
    server = await startServer('sqlite');
    const user = await newMailUser('hostile');
    await deliver(
      user.email,
      corpus.map((m) => m.raw),
    );
    client = server.client();
    await client.signIn(user.email, user.password);
    inbox = (await folderIds(client)).inbox!;
  });
  afterAll(() => server.close());

  // A fresh mailbox numbers delivered messages 1, 2, 3, … in delivery order.
  it.each(corpus.map((m, i) => [m.name, i + 1] as const))('%s', async (name, uid) => {
    const blocked = await client.get<MessageDetail>(`/api/u/0/mailbox/${inbox}/messages/${uid}`);
    expect(blocked.status, name).toBe(200);
    expect(blocked.body.messageId).toBe(`<hostile-${Number(name.slice(0, 2))}@example.com>`);
    expect(findUnsafe(blocked.body.html ?? '', {}), name).toEqual([]);
    expect(blocked.body.remoteContent).not.toBe('shown');
    const shown = await client.get<MessageDetail>(
      `/api/u/0/mailbox/${inbox}/messages/${uid}?remoteContent=show`,
    );
    expect(findUnsafe(shown.body.html ?? '', { proxied: true }), name).toEqual([]);
  });
});
