import { afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import { ManageSieveClient, ManageSieveError } from '../../src/mail/sieve/managesieve-client.js';
import { newMailUser } from '../support/harness.testing.js';

/** The client against the sandbox's real managesieved (Dovecot Pigeonhole). */
describe('ManageSieve client (RFC 5804) against Dovecot', () => {
  let user: { email: string; password: string };
  let client: ManageSieveClient | undefined;
  const connect = () => {
    const stack = inject('mailstack');
    return ManageSieveClient.connect({ host: '127.0.0.1', port: stack.ports.sieve });
  };

  beforeAll(async () => {
    user = await newMailUser('sieve');
  });
  afterEach(async () => {
    await client?.logout();
    client = undefined;
  });

  it('reads the capabilities from the greeting, including the SIEVE extensions', async () => {
    client = await connect();
    expect(client.capabilities.get('IMPLEMENTATION')).toMatch(/Pigeonhole/);
    expect(client.sieveExtensions).toEqual(
      expect.arrayContaining(['fileinto', 'vacation', 'variables', 'copy']),
    );
    // The sandbox has no TLS, so there is nothing to upgrade to.
    expect(client.capabilities.has('STARTTLS')).toBe(false);
  });

  it('refuses when STARTTLS is required but not offered', async () => {
    const stack = inject('mailstack');
    await expect(
      ManageSieveClient.connect({ host: '127.0.0.1', port: stack.ports.sieve, starttls: 'required' }),
    ).rejects.toThrow(/STARTTLS/);
  });

  it('refuses a wrong password with the server’s words and never echoes the password', async () => {
    client = await connect();
    const error = await client.authenticate(user.email, 'wrong-secret-123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManageSieveError);
    expect((error as ManageSieveError).status).toBe('NO');
    expect(String(error)).not.toContain('wrong-secret-123');
  });

  it('stores, lists, reads, activates, renames and deletes scripts; texts with quotes, CRLF and UTF-8 survive', async () => {
    client = await connect();
    await client.authenticate(user.email, user.password);
    const script =
      'require "fileinto";\r\n# "quoted" \\ back\r\nif header :contains "subject" "äö \\"x\\"" {\r\n  fileinto "Junk";\r\n}\r\n';
    await client.haveSpace('one', Buffer.byteLength(script));
    await client.checkScript(script);
    await client.putScript('one', script);
    await client.putScript('two', 'keep;\r\n');
    await client.setActive('one');
    expect(await client.listScripts()).toEqual(
      expect.arrayContaining([
        { name: 'one', active: true },
        { name: 'two', active: false },
      ]),
    );
    expect(await client.getScript('one')).toBe(script);
    await client.renameScript('two', 'three');
    await client.deleteScript('three');
    await client.setActive('');
    expect(await client.listScripts()).toEqual([{ name: 'one', active: false }]);
  });

  it('reads the literal CHECKSCRIPT puts in its NO (the compiler report) and stays in step', async () => {
    client = await connect();
    await client.authenticate(user.email, user.password);
    const error = (await client
      .checkScript('keep;\nfoo bar;\n')
      .catch((e: unknown) => e)) as ManageSieveError;
    expect(error.status).toBe('NO');
    expect(error.serverText).toMatch(/line 2: error: unknown command 'foo'/);
    // The next command gets its own answer, not the rest of the previous one.
    const missing = (await client.getScript('nope').catch((e: unknown) => e)) as ManageSieveError;
    expect(missing.code).toBe('NONEXISTENT');
  });

  it('reports a script over the server’s size limit with its QUOTA code', async () => {
    client = await connect();
    await client.authenticate(user.email, user.password);
    const error = (await client.haveSpace('big', 2 ** 31).catch((e: unknown) => e)) as ManageSieveError;
    expect(error.status).toBe('NO');
    expect(error.code).toMatch(/^QUOTA/);
  });
});
