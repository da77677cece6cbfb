import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailstack, type Mailstack } from '@webmail/mailstack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { imapAccepts, smtpAccepts } from '../support/mail-logins.testing.js';
import { startTestIdp, type TestIdp } from '../support/oidc-provider.testing.js';

const oauthBearer = (user: string, token: string) =>
  Buffer.from(`n,a=${user},\x01auth=Bearer ${token}\x01\x01`).toString('base64');

/**
 * SASL OAUTHBEARER on a line protocol (IMAP or ManageSieve), as the mail server's protocol has it; the final answer.
 * A refused token gets an error challenge first, which the client answers with a dummy response (RFC 7628 §3.2.3).
 */
function oauthBearerLogin(
  port: number,
  protocol: 'imap' | 'sieve',
  user: string,
  token: string,
): Promise<string> {
  const initial = oauthBearer(user, token);
  const [command, reply, greeted, answer] =
    protocol === 'imap'
      ? [`a AUTHENTICATE OAUTHBEARER ${initial}`, 'AQ==', /^\* OK/, /^a (OK|NO|BAD)/]
      : [`AUTHENTICATE "OAUTHBEARER" "${initial}"`, '"AQ=="', /^OK/, /^(OK|NO|BYE)/];
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let buffer = '';
    let sent = false;
    socket.on('data', (chunk) => {
      buffer += String(chunk);
      const lines = buffer.split('\r\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (!sent && greeted.test(line)) {
          sent = true;
          socket.write(`${command}\r\n`);
        } else if (sent && /^(\+ |"|\{)/.test(line)) {
          socket.write(`${reply}\r\n`);
        } else if (sent && answer.test(line)) {
          socket.end();
          resolve(line);
        }
      }
    });
    socket.once('error', reject);
  });
}

/**
 * The sandbox's door for token pass-through: with MAILSTACK_OAUTH2_INTROSPECTION_URL Dovecot's oauth2 passdb asks
 * the identity provider about each access token. Its own stack (the shared one is started without it).
 */
describe('the sandbox with an oauth2 passdb (token pass-through)', () => {
  let idp: TestIdp;
  let stack: Mailstack;
  const dir = mkdtempSync(path.join(tmpdir(), 'ms-token-'));
  const owner = {
    email: `token-${Date.now().toString(36)}@example.test`,
    password: 'token-owner-password-1',
  };
  const other = {
    email: `token-other-${Date.now().toString(36)}@example.test`,
    password: 'token-other-pass-1',
  };

  beforeAll(async () => {
    idp = await startTestIdp();
    idp.configure({
      redirectUri: 'http://webmail.example.test/api/auth/oidc/callback',
      postLogoutRedirectUri: 'http://webmail.example.test/login',
      backchannelLogoutUri: 'http://webmail.example.test/api/auth/oidc/backchannel-logout',
    });
    idp.addUser({ sub: 'owner', email: owner.email });
    idp.addUser({ sub: 'other', email: other.email });
    process.env.MAILSTACK_OAUTH2_INTROSPECTION_URL = idp.introspectionUrl();
    try {
      stack = await startMailstack({ dir, portBase: inject('mailstack').portBase + 300 });
    } finally {
      delete process.env.MAILSTACK_OAUTH2_INTROSPECTION_URL;
    }
    await stack.addUser(owner.email, owner.password);
    await stack.addUser(other.email, other.password);
  });
  afterAll(async () => {
    await stack?.stop();
    await idp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The webmail's IMAP library (imapflow: OAUTHBEARER when offered) with an access token. */
  const imapWith = (user: string, accessToken: string) =>
    imapAccepts({ user, accessToken }, stack.ports.imap);
  const submitWith = (user: string, accessToken: string) =>
    smtpAccepts({ user, accessToken }, stack.ports.submission);

  it("opens IMAP (OAUTHBEARER), submission (XOAUTH2) and ManageSieve with the owner's active token", async () => {
    const token = await idp.accessToken('owner');
    expect(await imapWith(owner.email, token)).toBe(true);
    expect(await submitWith(owner.email, token)).toBe(true);
    expect(await oauthBearerLogin(stack.ports.sieve, 'sieve', owner.email, token)).toMatch(/^OK/);
  });

  it("refuses a revoked token, a made-up one and another user's token, at every door", async () => {
    const revoked = await idp.accessToken('owner');
    await idp.revokeAccessToken(revoked);
    const othersToken = await idp.accessToken('other');
    for (const token of [revoked, 'made-up-token', othersToken]) {
      expect(await oauthBearerLogin(stack.ports.imap, 'imap', owner.email, token)).toMatch(/^a NO/);
      expect(await submitWith(owner.email, token)).toBe(false);
      expect(await oauthBearerLogin(stack.ports.sieve, 'sieve', owner.email, token)).toMatch(/^NO/);
    }
    // The other user's token is good for the other user's own mailbox.
    expect(await imapWith(other.email, othersToken)).toBe(true);
  });
});
