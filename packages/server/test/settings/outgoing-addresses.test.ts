import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type {
  ApiError,
  OutboxEntry,
  OutgoingAddress,
  OutgoingAddressesResponse,
  SecurityEventsPage,
} from '@webmail/contracts';
import { send, waitForMessages, type MailUser } from '../support/compose.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';

/** The code and link of the newest verification mail in the user's Inbox. */
async function verificationMail(user: MailUser, count: number) {
  const messages = await waitForMessages(user, 'INBOX', count);
  const parsed = await simpleParser(messages.at(-1)!.source);
  const source = `${parsed.subject ?? ''}\n${parsed.text ?? ''}`;
  const code = /: (\d{6})\b/.exec(source)?.[1];
  const link = /(http:\/\/\S+\/api\/settings\/whitelist\/confirm\/[A-Za-z0-9_-]+)/.exec(source)?.[1];
  if (!code || !link) throw new Error(`no code or link in:\n${source}`);
  return { code, link, source, envelope: messages.at(-1)!.envelope };
}

/** Submits straight to Postfix's submission port as the user, with this envelope sender. */
async function submitAs(user: MailUser, from: string, to: string) {
  const stack = inject('mailstack');
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: stack.ports.submission,
    secure: false,
    ignoreTLS: true,
    auth: { user: user.email, pass: user.password },
  });
  try {
    return await transport.sendMail({ from, to, subject: 'direct', text: 'x' });
  } finally {
    transport.close();
  }
}

describe.each(dbKinds)('outgoing addresses (%s)', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let user: MailUser;
  let alias: MailUser;
  let recipient: MailUser;

  beforeAll(async () => {
    server = await startServer(db);
    [user, alias, recipient] = await Promise.all([
      newMailUser('owner'),
      newMailUser('alias'),
      newMailUser('rcpt'),
    ]);
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  it('mails a code, verifies it, and lets the account send as the address (webmail and Postfix)', async () => {
    // Before: Postfix refuses the address as envelope sender, and so does the webmail's send route.
    await expect(submitAs(user, alias.email, recipient.email)).rejects.toThrow(/Sender address rejected/);
    const early = await send(client, randomUUID(), {
      from: { name: 'Alias', address: alias.email },
      to: [{ name: '', address: recipient.email }],
      subject: 'too early',
      text: 'x',
      plainText: true,
    });
    expect(early.status).toBe(422);
    expect((early.body as unknown as ApiError).fieldErrors?.from?.[0]?.code).toBe('notAllowed');

    const created = await client.post<OutgoingAddress>('/api/u/0/settings/whitelist', {
      address: alias.email.toUpperCase(),
      name: 'Alias Person',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ address: alias.email, name: 'Alias Person', verified: false });
    expect(created.body.codeSent).not.toBeNull();
    const mail = await verificationMail(alias, 1);
    expect(mail.envelope.from?.[0]?.address).toBe(user.email);
    expect(mail.source).toContain('Confirm your outgoing address');

    // Not verified yet: not a From choice, and the mail server still refuses it.
    const verifiedBefore = await client.get<OutgoingAddressesResponse>(
      '/api/u/0/settings/whitelist/verified',
    );
    expect(verifiedBefore.body.addresses).toEqual([]);
    await expect(submitAs(user, alias.email, recipient.email)).rejects.toThrow(/Sender address rejected/);

    const wrongCode = mail.code === '000000' ? '000001' : '000000';
    const wrong = await client.post<ApiError>(`/api/u/0/settings/whitelist/${created.body.id}/verify`, {
      code: wrongCode,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.fieldErrors?.code?.[0]?.code).toBe('wrongCode');
    const malformed = await client.post<ApiError>(`/api/u/0/settings/whitelist/${created.body.id}/verify`, {
      code: '12ab',
    });
    expect(malformed.status).toBe(422);

    const ok = await client.post<OutgoingAddress>(`/api/u/0/settings/whitelist/${created.body.id}/verify`, {
      code: mail.code,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ verified: true, codeSent: null });
    const verified = await client.get<OutgoingAddressesResponse>('/api/u/0/settings/whitelist/verified');
    expect(verified.body.addresses.map((a) => a.address)).toEqual([alias.email]);

    // Postfix now takes it from this login (and only from it).
    await expect(submitAs(user, alias.email, recipient.email)).resolves.toBeTruthy();
    await expect(submitAs(recipient, alias.email, user.email)).rejects.toThrow(/Sender address rejected/);

    const sent = await send(client, randomUUID(), {
      from: { name: 'Alias Person', address: alias.email },
      to: [{ name: '', address: recipient.email }],
      subject: 'Sent as the alias',
      text: 'Hello from the alias',
      plainText: true,
    });
    expect(sent.status).toBeLessThan(300);
    expect((sent.body as OutboxEntry).status).toBe('sent');
    const delivered = await waitForMessages(recipient, 'INBOX', 2);
    const asAlias = delivered.find((m) => m.envelope.subject === 'Sent as the alias');
    expect(asAlias?.envelope.from?.[0]).toMatchObject({ name: 'Alias Person', address: alias.email });
    expect(asAlias?.source.toString('utf8')).toMatch(/^Return-Path: <([^>]+)>/m);
    expect(/^Return-Path: <([^>]+)>/m.exec(asAlias!.source.toString('utf8'))?.[1]).toBe(alias.email);
  });

  it('renames and deletes an address; deleting takes the right to send as it away at the mail server', async () => {
    const list = await client.get<OutgoingAddressesResponse>('/api/u/0/settings/whitelist');
    const entry = list.body.addresses.find((a) => a.address === alias.email)!;
    const renamed = await client.patch<OutgoingAddress>(`/api/u/0/settings/whitelist/${entry.id}`, {
      name: 'New Name',
    });
    expect(renamed.body.name).toBe('New Name');
    const tooLong = await client.patch<ApiError>(`/api/u/0/settings/whitelist/${entry.id}`, {
      name: 'x'.repeat(65),
    });
    expect(tooLong.status).toBe(422);

    const other = server.client();
    const stranger = await newMailUser('stranger');
    await other.signIn(stranger.email, stranger.password);
    expect((await other.delete(`/api/u/0/settings/whitelist/${entry.id}`)).status).toBe(404);
    expect((await other.patch(`/api/u/0/settings/whitelist/${entry.id}`, { name: 'x' })).status).toBe(404);

    expect((await client.delete(`/api/u/0/settings/whitelist/${entry.id}`)).status).toBe(200);
    expect(
      (await client.get<OutgoingAddressesResponse>('/api/u/0/settings/whitelist')).body.addresses,
    ).toEqual([]);
    await expect(submitAs(user, alias.email, recipient.email)).rejects.toThrow(/Sender address rejected/);
    // Both the confirmation and the removal are in the security log.
    const log = await client.get<SecurityEventsPage>('/api/u/0/security/events');
    expect(log.body.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['outgoingAddressVerified', 'outgoingAddressDeleted']),
    );
  });

  it('verifies by the link of the mail, refuses the own address and limits the verification mails', async () => {
    const own = await client.post<ApiError>('/api/u/0/settings/whitelist', { address: user.email });
    expect(own.status).toBe(422);
    expect(own.body.fieldErrors?.address?.[0]?.code).toBe('notAllowed');

    const created = await client.post<OutgoingAddress>('/api/u/0/settings/whitelist', {
      address: alias.email,
    });
    expect(created.status).toBe(201);
    const mail = await verificationMail(alias, 2);
    const link = new URL(mail.link);
    const opened = await server.client().get(link.pathname);
    expect(opened.status).toBe(303);
    const after = await client.get<OutgoingAddressesResponse>('/api/u/0/settings/whitelist');
    expect(after.body.addresses.find((a) => a.id === created.body.id)?.verified).toBe(true);
    // The link is spent: it names nothing any more.
    expect((await server.client().get(link.pathname)).status).toBe(404);

    // A second mail to one address within a minute is refused; so is the sixth mail of an hour.
    const pending = await client.post<OutgoingAddress>('/api/u/0/settings/whitelist', {
      address: recipient.email,
    });
    expect(pending.status).toBe(201);
    const again = await client.post<ApiError>(`/api/u/0/settings/whitelist/${pending.body.id}/resend`);
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
    // Mails this hour: 3 so far; two more go out, the sixth does not (and adds no address).
    for (const n of [1, 2]) {
      const res = await client.post('/api/u/0/settings/whitelist', { address: `far${n}@elsewhere.test` });
      expect(res.status).toBe(201);
    }
    const sixth = await client.post<ApiError>('/api/u/0/settings/whitelist', {
      address: 'far3@elsewhere.test',
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body.reason).toBe('rateLimited');
    const listed = await client.get<OutgoingAddressesResponse>('/api/u/0/settings/whitelist');
    expect(listed.body.addresses.map((a) => a.address)).not.toContain('far3@elsewhere.test');
  });
});
