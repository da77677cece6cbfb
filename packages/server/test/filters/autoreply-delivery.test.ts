import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { ImapFlow } from 'imapflow';
import type { Autoreply } from '@webmail/contracts';
import { attachMailstack, sendViaMta } from '@webmail/mailstack';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import {
  buildMail,
  createFilter,
  filtersBase,
  sieveLogOutcome,
  type TestMail,
} from '../support/filters.testing.js';

/**
 * Acceptance 2: the auto-reply through real deliveries (Postfix → LMTP → Sieve `vacation`); the reply itself
 * leaves through the sandbox's Postfix to the sink mailbox, where its subject is read.
 */
const hour = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let server: Awaited<ReturnType<typeof startServer>>;

async function accountWithAutoreply(reply: Partial<Autoreply>, spamFilter = false) {
  const user = await newMailUser('away');
  const client = server.client();
  await client.signIn(user.email, user.password);
  const body: Autoreply = {
    status: true,
    name: 'Me',
    subject: '',
    text: 'I am away until Monday.',
    html: '',
    start: iso(-hour),
    end: iso(hour),
    ...reply,
  };
  const res = await client.request('PUT', `${filtersBase}/autoreply`, { body });
  expect(res.status).toBe(200);
  if (spamFilter) await createFilter(client, { query: { subject: 'cheap' }, action: { spam: 'spam' } });
  return user;
}

async function deliver(user: { email: string }, mail: TestMail, from = 'writer@other.test') {
  const { raw, messageId } = buildMail({ from, ...mail }, user.email);
  await sendViaMta(attachMailstack(inject('mailstack')), raw, { from, to: [user.email] });
  return { messageId, outcome: await sieveLogOutcome(user.email, messageId) };
}

/** The reply to `messageId` in the sink (it carries In-Reply-To), waiting for Postfix to deliver it. */
async function replySubject(sink: ImapFlow, messageId: string): Promise<string | null> {
  return (await reply(sink, messageId))?.subject ?? null;
}

/** The reply's subject and raw source. */
async function reply(sink: ImapFlow, messageId: string): Promise<{ subject: string; source: string } | null> {
  for (let i = 0; i < 100; i += 1) {
    const lock = await sink.getMailboxLock('INBOX');
    try {
      await sink.noop();
      // Read the envelopes, not SEARCH HEADER: Dovecot answers that from the full-text index, which splits ids.
      if (sink.mailbox && sink.mailbox.exists > 0) {
        // Read to the end (leaving imapflow's fetch iterator early would leave the command unfinished).
        let found: { subject: string; source: string } | null = null;
        for await (const message of sink.fetch('1:*', { envelope: true, source: true })) {
          if (message.envelope?.inReplyTo === messageId) {
            found = {
              subject: message.envelope.subject ?? '',
              source: message.source?.toString('utf8') ?? '',
            };
          }
        }
        if (found !== null) return found;
      }
    } finally {
      lock.release();
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

describe('auto-reply through real deliveries', () => {
  let sink: ImapFlow;
  beforeAll(async () => {
    server = await startServer('sqlite');
    sink = await imapAs(attachMailstack(inject('mailstack')).sink);
  });
  afterAll(async () => {
    await sink.logout();
    await server.close();
  });

  it('answers once per sender per 4 hours, with "Auto: Re: <original>" when the subject is empty', async () => {
    const user = await accountWithAutoreply({});
    const first = await deliver(user, { subject: 'Lunch on Friday?' });
    expect(first.outcome.vacation).toBe('sent');
    expect(await replySubject(sink, first.messageId)).toBe('Auto: Re: Lunch on Friday?');
    const second = await deliver(user, { subject: 'Another question' });
    expect(second.outcome.vacation).toBe('duplicate');
    // Another sender gets their own answer.
    const other = await deliver(user, { subject: 'Hi' }, 'second-writer@other.test');
    expect(other.outcome.vacation).toBe('sent');
  });

  it('uses "Auto: <subject>" when the user wrote one', async () => {
    const user = await accountWithAutoreply({ subject: 'Out of office' });
    const { messageId, outcome } = await deliver(user, { subject: 'Question' });
    expect(outcome.vacation).toBe('sent');
    expect(await replySubject(sink, messageId)).toBe('Auto: Out of office');
  });

  it('sends the rich-text message as HTML with its plain text as the alternative', async () => {
    const user = await accountWithAutoreply({
      text: 'Away until Monday.',
      html: '<p>Away <strong>until Monday</strong>.</p>',
    });
    const { messageId, outcome } = await deliver(user, { subject: 'Meeting' });
    expect(outcome.vacation).toBe('sent');
    const answer = await reply(sink, messageId);
    expect(answer?.source).toMatch(/Content-Type: multipart\/alternative/i);
    expect(answer?.source).toMatch(/Content-Type: text\/plain; charset=utf-8[\s\S]*Away until Monday\./i);
    expect(answer?.source).toMatch(
      /Content-Type: text\/html; charset=utf-8[\s\S]*<strong>until Monday<\/strong>/i,
    );
  });

  it.each([
    ['a list message (List-Id)', { listId: '<dev.lists.test>' }, undefined],
    ['bulk mail (Precedence)', { headers: ['Precedence: bulk'] }, undefined],
    ['mail with List-Unsubscribe', { headers: ['List-Unsubscribe: <mailto:leave@lists.test>'] }, undefined],
    ['automatic mail (Auto-Submitted)', { headers: ['Auto-Submitted: auto-generated'] }, undefined],
    ['a no-reply sender', {}, 'no-reply@shop.test'],
    ['a mailer-daemon', {}, 'MAILER-DAEMON@other.test'],
  ] as const)('never answers %s', async (_name, mail, from) => {
    const user = await accountWithAutoreply({});
    const { outcome } = await deliver(user, mail, from);
    expect(outcome.folder).toBe('INBOX');
    expect(outcome.vacation).toBeNull();
  });

  it('answers Auto-Submitted: no', async () => {
    const user = await accountWithAutoreply({});
    expect((await deliver(user, { headers: ['Auto-Submitted: no'] })).outcome.vacation).toBe('sent');
  });

  it('never answers spam', async () => {
    const user = await accountWithAutoreply({}, true);
    const { outcome } = await deliver(user, { subject: 'cheap watches' });
    expect(outcome.folder).toBe('Junk');
    expect(outcome.vacation).toBeNull();
  });

  it('answers only between start and end', async () => {
    const early = await accountWithAutoreply({ start: iso(hour), end: iso(2 * hour) });
    expect((await deliver(early, {})).outcome.vacation).toBeNull();
    const late = await accountWithAutoreply({ start: iso(-2 * hour), end: iso(-hour) });
    expect((await deliver(late, {})).outcome.vacation).toBeNull();
    const open = await accountWithAutoreply({ start: null, end: null });
    expect((await deliver(open, {})).outcome.vacation).toBe('sent');
  });

  it('does not answer when switched off', async () => {
    const user = await accountWithAutoreply({ status: false });
    expect((await deliver(user, {})).outcome.vacation).toBeNull();
  });
});
