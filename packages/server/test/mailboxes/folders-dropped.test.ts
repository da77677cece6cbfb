import { describe, expect, inject, it } from 'vitest';
import type { ApiError, Folder, MailboxTreeResponse } from '@webmail/contracts';
import { flattenFolders } from '@webmail/contracts';
import { startAnswerRelay } from '../support/answer-relay.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';

describe('Dovecot gone mid folder change', () => {
  it('a create, rename or delete the server did but never answered is answered as done, not as a 503', async () => {
    const relay = await startAnswerRelay(inject('mailstack').ports.webmailImap);
    const server = await startServer('sqlite', { IMAP_PORT: String(relay.port) });
    try {
      const user = await newMailUser('folder-cut');
      const client = server.client();
      await client.signIn(user.email, user.password);
      const names = async () =>
        flattenFolders((await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes).map(
          (f) => f.name,
        );

      // Dovecot creates the folder; its answer never reaches the webmail: the connection is cut instead.
      void relay.arm(/ CREATE /i);
      const created = await client.post<Folder & ApiError>('/api/u/0/mailbox/folders', { name: 'Cut' });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ name: 'Cut', id: expect.any(String) as string });
      expect((await names()).filter((n) => n === 'Cut')).toHaveLength(1);

      void relay.arm(/ RENAME /i);
      const renamed = await client.patch<Folder & ApiError>(`/api/u/0/mailbox/folders/${created.body.id}`, {
        name: 'Kept',
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: created.body.id, name: 'Kept' });
      expect(await names()).toContain('Kept');
      expect(await names()).not.toContain('Cut');

      void relay.arm(/ DELETE /i);
      const deleted = await client.delete(`/api/u/0/mailbox/folders/${created.body.id}`);
      expect(deleted.status).toBe(200);
      expect(await names()).not.toContain('Kept');
    } finally {
      await server.close();
      await relay.close();
    }
  });
});
