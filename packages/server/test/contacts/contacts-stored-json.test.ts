import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@webmail/contracts';
import { contactsBase as base, createContact } from '../support/contacts.testing.js';
import { signedIn, startServer } from '../support/harness.testing.js';
import { logLines } from '../support/log-lines.testing.js';

/**
 * A JSON column that no longer holds its schema's shape (an old or broken writer, a hand edit) is a server fault:
 * a 500 in the error shape that says nothing of the row, never the wrong-shaped value handed on to the client.
 */
describe('a stored JSON column of the wrong shape', () => {
  const { lines, stream } = logLines();
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer('sqlite', { LOG_LEVEL: 'error' }, { logStream: stream });
  });
  afterAll(() => server.close());

  it('answers 500 Internal for the contact, and the log names the column and what is wrong', async () => {
    const { client } = await signedIn(server, 'ct-json');
    const broken = (
      await createContact(client, { fullName: 'Broken', emails: [{ value: 'b@example.test' }] })
    ).body;
    await server.app.services.db
      .updateTable('contacts')
      .set({ emails: '[{"address":"b@example.test"}]' })
      .where('id', '=', broken.id)
      .execute();

    const answer = await client.get<ApiError>(`${base}/${broken.id}`);
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ code: 'Internal', message: 'Something went wrong on the server' });
    expect(lines.join('')).toContain('Stored contacts.emails does not match its schema: 0.value: ');
  });
});
