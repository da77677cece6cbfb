import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImapFlow } from 'imapflow';
import type { DraftContentInput, OutboxEntry, UploadAttachment } from '@webmail/contracts';
import { freshPostgresDatabase, imapAs, startServer, type DbKind } from './harness.testing.js';
import type { TestClient, TestResponse } from './http-client.testing.js';

export type MailUser = { email: string; password: string };

/** Storage a restarted server can reuse: the same DATA_DIR (SQLite file, session secret) and database. */
export async function persistentStorage(db: DbKind): Promise<Record<string, string>> {
  const env: Record<string, string> = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wm-compose-')) };
  if (db === 'postgres') env.DATABASE_URL = await freshPostgresDatabase();
  return env;
}

export async function startComposeServer(db: DbKind, env: Record<string, string> = {}) {
  return startServer(db, { ...(await persistentStorage(db)), ...env });
}

/** Uploads one file as the browser does (multipart, cookies, XSRF header). */
export async function upload(
  client: TestClient,
  file: { name: string; type: string; content: Buffer },
  query: { draftId?: string; inline?: boolean } = {},
): Promise<TestResponse<UploadAttachment & { errors?: Record<string, string[]>; message?: string }>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const params = new URLSearchParams();
  if (query.draftId) params.set('draftId', query.draftId);
  if (query.inline) params.set('inline', 'true');
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
  const res = await fetch(`${client.baseUrl}/api/u/0/compose/attachments?${params}`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': client.xsrf ?? '' },
    body: form,
  });
  const raw = Buffer.from(await res.arrayBuffer());
  const body = JSON.parse(raw.toString('utf8')) as UploadAttachment;
  return { status: res.status, headers: res.headers, body, raw, setCookies: [] };
}

export function saveDraft(client: TestClient, draftId: string, draft: DraftContentInput, revision?: number) {
  return client.request<Record<string, unknown>>('PUT', `/api/u/0/compose/drafts/${draftId}`, {
    body: { draft, ...(revision === undefined ? {} : { revision }) },
  });
}

export function send(client: TestClient, draftId: string, draft: DraftContentInput, undoSeconds = 0) {
  return client.post<OutboxEntry & { errors?: Record<string, string[]> }>('/api/u/0/compose/send', {
    draftId,
    draft,
    undoSeconds,
  });
}

export async function waitFor<T>(
  probe: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every message of a folder, with its source and flags, read straight from IMAP. */
export async function folderMessages(user: MailUser, folder: string) {
  const imap = await imapAs(user);
  try {
    return await readFolder(imap, folder);
  } finally {
    await imap.logout();
  }
}

async function readFolder(imap: ImapFlow, folder: string) {
  const lock = await imap.getMailboxLock(folder);
  try {
    if (!imap.mailbox || imap.mailbox.exists === 0) return [];
    const rows = await imap.fetchAll('1:*', { uid: true, source: true, flags: true, envelope: true });
    return rows.map((r) => ({
      uid: r.uid,
      source: r.source!,
      flags: r.flags ?? new Set<string>(),
      envelope: r.envelope!,
    }));
  } finally {
    lock.release();
  }
}

/** Waits until the folder holds `count` messages (delivery through Postfix takes a moment). */
export async function waitForMessages(user: MailUser, folder: string, count: number, timeoutMs = 15_000) {
  return waitFor(
    () => folderMessages(user, folder),
    (list) => list.length >= count,
    timeoutMs,
  );
}

export const me = (user: MailUser, name = 'Me') => ({ name, address: user.email });
