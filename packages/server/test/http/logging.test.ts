import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { logLines } from '../support/log-lines.testing.js';

describe('logs never hold secrets', () => {
  const { lines, stream } = logLines();
  let server: Awaited<ReturnType<typeof startServer>>;
  let user: { email: string; password: string };

  beforeAll(async () => {
    // trace: the most the server can ever log.
    server = await startServer('sqlite', { LOG_LEVEL: 'trace' }, { logStream: stream });
    user = await newMailUser('logged');
  });
  afterAll(() => server.close());

  it('leaves passwords, cookies and tokens out of every line, at the most verbose level', async () => {
    const client = server.client();
    await client.get('/api/');
    await client.post('/api/auth', { email: user.email, password: `${user.password}-wrong` });
    await client.signIn(user.email, user.password);
    await client.get('/api/u/0/mailbox');
    await client.post('/api/auth/refresh?userIndex=0');
    await client.get('/api/u/0/mailbox');

    const log = lines.join('');
    expect(log).toContain('incoming request'); // the log was really written
    expect(log).not.toContain(user.password);
    for (const [name, cookie] of client.cookies) {
      if (name !== 'wm_exp_0') expect(log, name).not.toContain(cookie.value);
    }
  });
});
