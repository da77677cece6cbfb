import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noAutoreply, type ApiError } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';

/** Control characters no field may hold: NUL, other C0 controls, DEL. */
const alwaysRefused = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
];
/** Refused in one-line fields (names, subjects, headers, criteria), allowed in bodies. */
const lineBreaks = ['\r', '\n', '\r\n', '\t'];

type Kind = 'line' | 'body';
interface Field {
  method: 'POST' | 'PUT' | 'PATCH';
  path: () => string;
  /** A valid body with `value` placed in the field. */
  body: (value: string) => unknown;
  /** The field as the 422 names it. */
  field: string;
  kind: Kind;
}

const autoreply = (patch: Record<string, string>) => ({ ...noAutoreply, ...patch });
const filter = (query: Record<string, string>, name = 'F') => ({
  name,
  query,
  action: { seen: true },
});
const draft = (patch: Record<string, unknown>) => ({
  draft: {
    to: [{ name: 'R', address: 'r@example.test' }],
    subject: 's',
    text: 't',
    plainText: true,
    ...patch,
  },
});
const draftPath = () => `/api/u/0/compose/drafts/${randomUUID()}`;

/** Every text field that reaches Sieve, IMAP or a mail header, with a valid body around it. */
const fields: Field[] = [
  ...(['name', 'subject'] as const).map((f) => ({
    method: 'PUT' as const,
    path: () => '/api/u/0/filters/autoreply',
    body: (v: string) => autoreply({ [f]: `a${v}b` }),
    field: f,
    kind: 'line' as const,
  })),
  ...(['text', 'html'] as const).map((f) => ({
    method: 'PUT' as const,
    path: () => '/api/u/0/filters/autoreply',
    body: (v: string) => autoreply({ [f]: `a${v}b` }),
    field: f,
    kind: 'body' as const,
  })),
  ...(['from', 'to', 'subject', 'listId', 'text'] as const).map((f) => ({
    method: 'POST' as const,
    path: () => '/api/u/0/filters',
    body: (v: string) => filter({ [f]: `x${v}y` }),
    field: `query.${f}`,
    kind: 'line' as const,
  })),
  {
    method: 'POST',
    path: () => '/api/u/0/filters',
    body: (v) => filter({ subject: 'x' }, `F${v}x`),
    field: 'name',
    kind: 'line',
  },
  {
    method: 'POST',
    path: () => '/api/u/0/signatures',
    body: (v) => ({ name: `S${v}x`, html: '<p>x</p>' }),
    field: 'name',
    kind: 'line',
  },
  {
    method: 'POST',
    path: () => '/api/u/0/signatures',
    body: (v) => ({ name: 'S', html: `<p>x${v}y</p>` }),
    field: 'html',
    kind: 'body',
  },
  {
    method: 'PATCH',
    path: () => '/api/u/0/details',
    body: (v) => ({ name: `Ab${v}c` }),
    field: 'name',
    kind: 'line',
  },
  {
    method: 'POST',
    path: () => '/api/u/0/settings/whitelist',
    body: (v) => ({ address: 'alias@example.test', name: `N${v}x` }),
    field: 'name',
    kind: 'line',
  },
  {
    method: 'PUT',
    path: draftPath,
    body: (v) => draft({ subject: `s${v}s` }),
    field: 'draft.subject',
    kind: 'line',
  },
  {
    method: 'PUT',
    path: draftPath,
    body: (v) => draft({ to: [{ name: `R${v}x`, address: 'r@example.test' }] }),
    field: 'draft.to.0.name',
    kind: 'line',
  },
  {
    method: 'PUT',
    path: draftPath,
    body: (v) => draft({ from: { name: `F${v}x`, address: 'f@example.test' } }),
    field: 'draft.from.name',
    kind: 'line',
  },
  {
    method: 'PUT',
    path: draftPath,
    body: (v) => draft({ inReplyTo: `<a${v}b@example.test>` }),
    field: 'draft.inReplyTo',
    kind: 'line',
  },
  {
    method: 'PUT',
    path: draftPath,
    body: (v) => draft({ text: `t${v}t` }),
    field: 'draft.text',
    kind: 'body',
  },
  {
    method: 'PUT',
    path: draftPath,
    body: (v) => draft({ plainText: false, html: `<p>t${v}t</p>` }),
    field: 'draft.html',
    kind: 'body',
  },
  {
    method: 'POST',
    path: () => '/api/u/0/compose/send',
    body: (v) => ({ ...draft({ subject: `s${v}s` }), draftId: randomUUID() }),
    field: 'draft.subject',
    kind: 'line',
  },
  {
    method: 'POST',
    path: () => '/api/u/0/mailbox/folders',
    body: (v) => ({ name: `Fo${v}lder` }),
    field: 'name',
    kind: 'line',
  },
  {
    method: 'POST',
    path: () => '/api/u/0/feedback',
    body: (v) => ({ stars: 4, feedback: `good${v}job` }),
    field: 'feedback',
    kind: 'body',
  },
];

const cases = fields.flatMap((f) =>
  [...alwaysRefused, ...(f.kind === 'line' ? lineBreaks : [])].map((char) => ({
    ...f,
    char,
    label: `${f.method} ${f.path().replace(/[0-9a-f-]{36}/, ':id')} ${f.field} U+${char
      .split('')
      .map((c) => c.charCodeAt(0).toString(16).padStart(4, '0'))
      .join('+U+')}`,
  })),
);

describe('control characters in text that reaches Sieve, IMAP or a mail header', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;

  beforeAll(async () => {
    server = await startServer('sqlite');
    const user = await newMailUser('ctl');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  it(`refuses each with 422 naming the field (${cases.length} cases)`, async () => {
    const wrong: string[] = [];
    for (const c of cases) {
      const res = await client.request<ApiError>(c.method, c.path(), { body: c.body(c.char) });
      const named = res.body.fieldErrors?.[c.field]?.some(
        (e) => e.code === 'controlCharacter' || e.code === 'folderNameControl',
      );
      if (res.status !== 422 || !named)
        wrong.push(`${c.label}: ${res.status} ${JSON.stringify(res.body.fieldErrors ?? res.body)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps tabs and line breaks in bodies: an auto-reply text with them is stored and compiled', async () => {
    const text = 'Away\tuntil Monday.\r\nRegards,\nMe';
    const res = await client.request('PUT', '/api/u/0/filters/autoreply', {
      body: autoreply({ subject: 'Away', text }),
    });
    expect(res.status).toBe(200);
    const read = await client.get<{ text: string }>('/api/u/0/filters/autoreply');
    expect(read.body.text).toBe(text);
  });
});
