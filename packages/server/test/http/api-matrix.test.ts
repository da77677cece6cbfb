import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookieNames } from '@webmail/contracts';
import { operationsOf, type ApiDocument, type Operation } from '../support/api-document.testing.js';
import {
  callerOf,
  makeCaller,
  makeVictim,
  requestOf,
  send,
  victimIdFor,
  type Answer,
  type Caller,
  type MailUser,
  type Victim,
} from '../support/api-matrix.testing.js';
import { badValuesOf, pick } from '../support/bad-values.testing.js';
import { startServer } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';

/**
 * The authorization and bad-input matrix, generated from `GET /api/openapi.json` and run against the real server
 * and sandbox: every documented operation is called without a session, for another account slot, with another
 * user's ids, with another device's cookies, without or with a wrong XSRF token, with odd path encodings and with
 * bad values for each input field. Every refusal must be the documented status in the API's error shape; nothing
 * may answer 5xx or hang; user A must never see user B's marker. `FUZZ_SEED` picks other bad values.
 */
/**
 * What the router answers before any route runs (a path that is no valid percent-encoding, a parameter over the
 * length limit, a path no route has): not an operation's own answer, so no operation documents it.
 */
const routerAnswer = (answer: Answer) => {
  const body = answer.json as { code?: string; message?: string } | undefined;
  return (
    ((answer.status === 400 || answer.status === 414) && body?.code === 'BadRequest') ||
    (answer.status === 404 && !!body?.message?.startsWith('No route'))
  );
};

const seed = process.env.FUZZ_SEED ?? 'webmail-matrix-1';
const perField = 4;

describe('The API matrix over every documented operation', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let document: ApiDocument;
  let operations: Operation[];
  let a: { user: MailUser; client: TestClient; ids: Record<string, string> };
  let b: Victim;
  let noSession: Caller;
  let otherDevice: TestClient;
  const problems: string[] = [];
  const casesByOperation = new Map<string, number>();
  /** Answers by case kind and status, printed at the end: what the matrix saw, not only that it passed. */
  const tally = new Map<string, number>();

  const call = async (
    op: Operation,
    caller: Caller,
    request: ReturnType<typeof requestOf>,
    label: string,
  ) => {
    casesByOperation.set(op.id, (casesByOperation.get(op.id) ?? 0) + 1);
    const answer = await send(server.baseUrl, op.method, request.target, caller, request.body);
    const kind =
      label.startsWith('bad ') || label.startsWith('encoded ')
        ? label.split(' ').slice(0, 2).join(' ')
        : label;
    tally.set(`${kind} → ${answer.status}`, (tally.get(`${kind} → ${answer.status}`) ?? 0) + 1);
    if (answer.status >= 500)
      problems.push(`${op.id} ${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
    if (answer.text.includes(b.marker) || answer.text.includes(b.user.email)) {
      problems.push(`${op.id} ${label}: user B's data in the answer`);
    }
    return answer;
  };

  /** A refusal: one of the statuses, in the error shape `{code, message, errors?}`. */
  const expectRefused = (op: Operation, answer: Answer, statuses: number[], label: string) => {
    const body = answer.json as { code?: unknown; message?: unknown } | undefined;
    if (answer.status >= 400 && !routerAnswer(answer) && !op.documentedStatuses.includes(answer.status)) {
      problems.push(`${op.id} ${label}: ${answer.status} is not among its documented answers`);
    }
    if (!statuses.includes(answer.status)) {
      problems.push(
        `${op.id} ${label}: ${answer.status}, expected ${statuses.join('/')} ${answer.text.slice(0, 160)}`,
      );
    } else if (typeof body?.code !== 'string' || typeof body.message !== 'string') {
      problems.push(
        `${op.id} ${label}: ${answer.status} not in the error shape: ${answer.text.slice(0, 160)}`,
      );
    }
  };

  const aCaller = () => callerOf(a.client);

  /** The API answers and A is still signed in; an operation that signed A out (logout) gets a new sign-in. */
  const afterBatch = async (op: Operation) => {
    const health = await send(server.baseUrl, 'GET', '/api/', { cookie: '', xsrf: null });
    if (health.status !== 200) problems.push(`${op.id}: GET /api/ answered ${health.status} after the batch`);
    const tree = await send(server.baseUrl, 'GET', '/api/u/0/mailbox', aCaller());
    if (tree.status === 401) {
      a.client.cookies.clear();
      await a.client.signIn(a.user.email, a.user.password);
    }
  };

  beforeAll(async () => {
    server = await startServer('sqlite');
    const res = await fetch(`${server.baseUrl}/api/openapi.json`);
    document = (await res.json()) as ApiDocument;
    operations = operationsOf(document);
    [a, b] = await Promise.all([makeCaller(server), makeVictim(server)]);
    const fresh = server.client();
    await fresh.get('/api/');
    noSession = callerOf(fresh);
    otherDevice = server.client();
    await otherDevice.get('/api/');
  }, 120_000);
  afterAll(() => server?.close());
  beforeEach(() => {
    problems.length = 0;
  });

  it('documents every registered route, and the document has operations to walk', () => {
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const routes = server.app.services.routes
      .filter((r) => r.method !== 'HEAD' && r.url !== '/api/openapi.json')
      .map((r) => `${r.method} ${r.url === '/api/' ? '/api' : r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(100);
  });

  it('refuses every session operation without a session (401)', async () => {
    for (const op of operations.filter((o) => o.session)) {
      const answer = await call(op, noSession, requestOf(document, op, a.ids), 'no session');
      expectRefused(op, answer, [401], 'no session');
    }
    expect(problems).toEqual([]);
  });

  it('refuses another account slot: a free slot 401, no slot at all 422', async () => {
    const slots: [string, number][] = [
      ['1', 401],
      ['99', 422],
      ['-1', 422],
      ['abc', 422],
      ['0x1', 422],
      ['1.5', 422],
    ];
    for (const op of operations.filter((o) => o.fields.some((f) => f.name === 'userIndex'))) {
      for (const [slot, status] of slots) {
        const answer = await call(
          op,
          aCaller(),
          requestOf(document, op, { ...a.ids, userIndex: slot }),
          `slot ${slot}`,
        );
        expectRefused(op, answer, [status], `slot ${slot}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("refuses another device's cookies: A's session moved to another device answers 401", async () => {
    const session = [...a.client.cookies].filter(([name]) => /^wm_(at|rt|sk|exp)_/.test(name));
    const cookie = [...otherDevice.cookies, ...session].map(([k, v]) => `${k}=${v.value}`).join('; ');
    const moved: Caller = { cookie, xsrf: otherDevice.xsrf ?? null };
    for (const op of operations.filter((o) => o.session)) {
      const answer = await call(op, moved, requestOf(document, op, a.ids), 'other device');
      expectRefused(op, answer, [401], 'other device');
    }
    expect(problems).toEqual([]);
  });

  it('refuses every state-changing call without the XSRF token or with a wrong one (419)', async () => {
    const own = aCaller();
    const variants: [string, Caller][] = [
      ['no XSRF', { ...own, xsrf: null }],
      ['made-up XSRF', { ...own, xsrf: 'made-up-token-0123456789abcdef' }],
      ["other device's XSRF", { ...own, xsrf: otherDevice.xsrf ?? '' }],
      ['no device cookie', { cookie: own.cookie.replace(`${cookieNames.device}=`, 'x='), xsrf: own.xsrf }],
    ];
    for (const op of operations.filter((o) => o.xsrf)) {
      for (const [label, caller] of variants) {
        expectRefused(op, await call(op, caller, requestOf(document, op, a.ids), label), [419], label);
      }
    }
    expect(problems).toEqual([]);
  });

  it("refuses user B's ids under user A's session, and B's things stay", async () => {
    const withIds = operations.filter(
      (o) => o.session && o.fields.some((f) => f.in === 'path' && f.name !== 'userIndex'),
    );
    for (const op of withIds) {
      const ids = { ...a.ids };
      for (const f of op.fields.filter((x) => x.in === 'path' && x.name !== 'userIndex')) {
        ids[f.name] = victimIdFor(b, op, f.name);
      }
      const answer = await call(op, aCaller(), requestOf(document, op, ids), "B's ids");
      expectRefused(op, answer, [403, 404, 409, 422], "B's ids");
      await afterBatch(op);
    }
    const contact = await b.client.get<string>(`/api/u/0/contacts/${b.ids.contact}`);
    expect(contact.status).toBe(200);
    const messages = await b.client.get(`/api/u/0/mailbox/${encodeURIComponent(b.ids.mailboxId!)}/messages`);
    expect(JSON.stringify(messages.body)).toContain(b.marker);
    expect(JSON.stringify((await b.client.get('/api/u/0/filters')).body)).toContain(b.ids.filter);
    expect(problems).toEqual([]);
  });

  it('refuses odd path encodings: dot segments, double and overlong encodings, over-long values', async () => {
    const odd = ['%2e%2e', '%252e%252e', '..%2f..%2f', '%c0%ae%c0%ae', '%2e%2e%5c', 'x'.repeat(600)];
    for (const op of operations) {
      const param = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).pop();
      for (const raw of odd) {
        const request = param
          ? requestOf(document, op, a.ids, { rawPath: { [param]: raw } })
          : { ...requestOf(document, op, a.ids), target: `${op.path}/${raw}/${op.path.split('/').pop()}` };
        const answer = await call(op, aCaller(), request, `encoded path ${raw.slice(0, 12)}`);
        expectRefused(op, answer, [400, 403, 404, 409, 414, 422], `encoded path ${raw.slice(0, 12)}`);
      }
      await afterBatch(op);
    }
    expect(problems).toEqual([]);
  });

  it('answers bad values in every input field with 4xx in the error shape, never 5xx, and lives on', async () => {
    for (const op of operations.filter((o) => o.fields.some((f) => f.name !== 'userIndex'))) {
      for (const field of op.fields.filter((f) => f.name !== 'userIndex')) {
        const values = badValuesOf(
          document,
          field.schema,
          field.in !== 'body' || op.bodyType === 'multipart',
        );
        for (const bad of pick(values, perField, `${op.id}.${field.name}`, seed)) {
          const label = `bad ${field.in} ${field.name}: ${bad.label}`;
          const request = requestOf(document, op, a.ids, { field: { ...field, value: bad.value } });
          const answer = await call(op, aCaller(), request, label);
          if (bad.violates || answer.status >= 400) {
            expectRefused(
              op,
              answer,
              bad.violates ? [400, 404, 413, 414, 422] : [400, 401, 403, 404, 409, 413, 414, 422],
              label,
            );
          }
        }
      }
      await afterBatch(op);
    }
    expect(problems).toEqual([]);
  });

  it('covered every operation of the document', () => {
    const uncovered = operations.filter((op) => !casesByOperation.get(op.id)).map((op) => op.id);
    expect(uncovered).toEqual([]);
    const total = [...casesByOperation.values()].reduce((sum, n) => sum + n, 0);
    // MATRIX_REPORT=1 prints what the matrix saw (the counts in the note come from it).
    if (process.env.MATRIX_REPORT) {
      const lines = [...tally].sort().map(([k, n]) => `  ${k}: ${n}`);
      process.stdout.write(
        `API matrix: ${operations.length} operations, ${total} requests\n${lines.join('\n')}\n`,
      );
    }
  });
});
