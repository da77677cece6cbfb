import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackLimits, type ApiError, type FeedbackResult } from '@webmail/contracts';
import { waitForMessages, type MailUser } from '../support/compose.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';

const url = '/api/u/0/feedback';

describe.each(dbKinds)('feedback (%s)', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let user: MailUser;
  let operator: MailUser;

  beforeAll(async () => {
    [user, operator] = await Promise.all([newMailUser('fb'), newMailUser('fb-operator')]);
    server = await startServer(db, { FEEDBACK_EMAIL: operator.email });
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  const stored = (id: string) =>
    server.app.services.db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();

  it('refuses 0 stars, 6 stars, an empty text and 1001 characters with field errors, storing nothing', async () => {
    const cases = [
      [{ stars: 0, feedback: 'Nice' }, 'stars', 'tooSmall'],
      [{ stars: 6, feedback: 'Nice' }, 'stars', 'tooBig'],
      [{ stars: 3, feedback: '   ' }, 'feedback', 'required'],
      [{ stars: 3, feedback: 'x'.repeat(feedbackLimits.maxLength + 1) }, 'feedback', 'tooLong'],
      [{ feedback: 'Nice' }, 'stars', 'required'],
    ] as const;
    for (const [body, field, code] of cases) {
      const res = await client.post<ApiError>(url, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.body.fieldErrors?.[field]?.[0]?.code).toBe(code);
    }
    const rows = await server.app.services.db
      .selectFrom('feedback')
      .select('id')
      .where('account', '=', user.email)
      .execute();
    expect(rows).toEqual([]);
  });

  it('stores valid feedback (1000 characters is allowed) and mails it to FEEDBACK_EMAIL from the user', async () => {
    const text = `Great app. ${'y'.repeat(feedbackLimits.maxLength - 11)}`;
    expect(text).toHaveLength(feedbackLimits.maxLength);
    const res = await client.post<FeedbackResult>(url, { stars: 4, feedback: text });
    expect(res.status).toBe(201);
    expect(await stored(res.body.id)).toMatchObject({ account: user.email, stars: 4, feedback: text });

    const [message] = await waitForMessages(operator, 'INBOX', 1);
    const parsed = await simpleParser(message!.source);
    expect(parsed.from?.value[0]?.address).toBe(user.email);
    expect(parsed.subject).toContain('(4/5)');
    expect(parsed.text).toContain(text);
    expect(parsed.text).toContain(`Feedback id: ${res.body.id}`);
    expect(Number((await stored(res.body.id))?.mailed_at)).toBeGreaterThan(0);
  });

  it('limits feedback per account and hour with 429 and Retry-After', async () => {
    // One was sent above; fill the hour.
    for (let i = 1; i < feedbackLimits.perHour; i++) {
      expect((await client.post(url, { stars: 5, feedback: `more ${i}` })).status).toBe(201);
    }
    const limited = await client.post<ApiError>(url, { stars: 5, feedback: 'one too many' });
    expect(limited.status).toBe(429);
    expect(limited.body.reason).toBe('rateLimited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('feedback without FEEDBACK_EMAIL', () => {
  it('is stored and not mailed', async () => {
    const server = await startServer('sqlite');
    try {
      const user = await newMailUser('fb-only');
      const client = server.client();
      await client.signIn(user.email, user.password);
      const res = await client.post<FeedbackResult>(url, { stars: 1, feedback: 'Too slow' });
      expect(res.status).toBe(201);
      const row = await server.app.services.db
        .selectFrom('feedback')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ stars: 1, feedback: 'Too slow', mailed_at: null });
    } finally {
      await server.close();
    }
  });
});
