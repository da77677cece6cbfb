import type {
  DraftContentInput,
  OutboxEntry,
  RecentParty,
  ReplyMode,
  ResumedDraft,
  SendFailure,
} from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { readFormData } from '../../test/form-data.testing';
import { mailApi, requestLog, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { sampleTree } from '../../test/folder.testing';
import { composerDraftOf, type ComposerDraft } from './lib/composer-draft';
import { writeLocalDraft } from './lib/local-draft-store';

export interface ComposeApiState {
  recentParties?: RecentParty[];
  /** Drafts in the Drafts folder by draftId. */
  drafts?: Record<string, ResumedDraft>;
  /** Reply prefills by `${mailboxId}/${uid}/${mode}`. */
  prefills?: Record<string, DraftContentInput>;
  /** The server's undo window; 0 sends at once. Default 10. */
  undoSeconds?: number;
  /** How a send ends when it is delivered (default: sent). */
  sendFailure?: SendFailure | null;
}

export const testDraftId = '0b9a5c5e-3f7e-4c55-9a51-0c3b1f2e4d6a';

/** A draft as GET /compose/drafts/{id} answers it. */
export function buildResumedDraft(draft: DraftContentInput, revision: number | null = 1000): ResumedDraft {
  return {
    draftId: testDraftId,
    mailboxId: 'id-drafts',
    uid: 9,
    revision,
    draft: {
      from: null,
      to: [],
      cc: [],
      bcc: [],
      subject: '',
      html: null,
      text: '',
      plainText: false,
      inReplyTo: null,
      references: [],
      attachments: [],
      ...draft,
    } as ResumedDraft['draft'],
  };
}

/** Puts a local copy of a draft in localStorage, as the composer would have left it. */
export function storeLocalCopy(
  draft: Partial<ComposerDraft>,
  options: { userIndex?: number; draftId?: string; updatedAt: number; savedRevision?: number | null },
): void {
  writeLocalDraft(options.userIndex ?? 0, options.draftId ?? testDraftId, {
    draft: { ...composerDraftOf({}), ...draft },
    updatedAt: options.updatedAt,
    savedRevision: options.savedRevision ?? null,
  });
}

function entryOf(
  draftId: string,
  subject: string,
  status: OutboxEntry['status'],
  dueAt: number,
): OutboxEntry {
  return {
    id: `out-${draftId.slice(0, 8)}`,
    draftId,
    status,
    subject,
    messageId: `<${draftId}@example.test>`,
    createdAt: new Date().toISOString(),
    dueAt: new Date(dueAt).toISOString(),
    sentAt: status === 'sent' ? new Date().toISOString() : null,
    attempts: 0,
    failure: null,
    rejectedRecipients: [],
  };
}

/**
 * An in-memory compose API (recentParties and the compose routes of the server): drafts are kept by
 * draftId, uploads get ids, sends go to an outbox with the configured undo window. Every request is recorded.
 */
export function composeApi(state: ComposeApiState = {}) {
  const { requests, record } = requestLog();
  const drafts = state.drafts ?? {};
  const outbox = new Map<string, OutboxEntry>();
  let uploads = 0;
  const deliver = (entry: OutboxEntry): OutboxEntry => {
    const failure = state.sendFailure ?? null;
    const done: OutboxEntry = failure
      ? { ...entry, status: 'failed', failure }
      : { ...entry, status: 'sent', sentAt: new Date().toISOString() };
    // A sent message leaves Drafts (the server removes the draft once it is delivered).
    if (!failure) delete drafts[entry.draftId];
    outbox.set(entry.id, done);
    return done;
  };

  const handlers = [
    http.get('/api/u/:userIndex/mailbox/compose/recentParties', async ({ request }) => {
      await record(request);
      const query = (new URL(request.url).searchParams.get('query') ?? '').toLowerCase();
      const parties = (state.recentParties ?? []).filter(
        (p) => p.name.toLowerCase().includes(query) || p.address.toLowerCase().includes(query),
      );
      return HttpResponse.json({ recentParties: query ? parties : [] });
    }),
    http.put('/api/u/:userIndex/compose/drafts/:draftId', async ({ request, params }) => {
      await record(request);
      const draftId = String(params.draftId);
      const body = (await request.clone().json()) as { revision?: number; draft: DraftContentInput };
      drafts[draftId] = { ...buildResumedDraft(body.draft, body.revision ?? null), draftId };
      return HttpResponse.json({
        result: 'saved',
        draftId,
        mailboxId: 'id-drafts',
        uid: 9,
        revision: body.revision ?? null,
        savedAt: new Date().toISOString(),
      });
    }),
    http.get('/api/u/:userIndex/compose/drafts/:draftId', async ({ request, params }) => {
      await record(request);
      const draft = drafts[String(params.draftId)];
      if (!draft) return HttpResponse.json({ code: 'NotFound', message: 'Draft not found' }, { status: 404 });
      return HttpResponse.json(draft);
    }),
    http.delete('/api/u/:userIndex/compose/drafts/:draftId', async ({ request, params }) => {
      await record(request);
      delete drafts[String(params.draftId)];
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/u/:userIndex/compose/replyTo/:mailboxId/:messageId', async ({ request, params }) => {
      await record(request);
      const mode = (new URL(request.url).searchParams.get('mode') ?? 'reply') as ReplyMode;
      const prefill = state.prefills?.[`${String(params.mailboxId)}/${String(params.messageId)}/${mode}`];
      if (!prefill)
        return HttpResponse.json({ code: 'NotFound', message: 'Message not found' }, { status: 404 });
      return HttpResponse.json({ draft: buildResumedDraft(prefill).draft });
    }),
    http.post('/api/u/:userIndex/compose/attachments', async ({ request }) => {
      await record(request);
      const file = (await readFormData(request)).get('file') as File;
      uploads += 1;
      return HttpResponse.json(
        {
          type: 'upload',
          id: `up-${uploads}`,
          filename: file.name,
          contentType: file.type || 'application/octet-stream',
          size: file.size,
          inline: false,
          contentId: null,
        },
        { status: 201 },
      );
    }),
    http.delete('/api/u/:userIndex/compose/attachments/:id', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/u/:userIndex/compose/send', async ({ request }) => {
      await record(request);
      const body = (await request.clone().json()) as { draftId: string; draft: DraftContentInput };
      const undoSeconds = state.undoSeconds ?? 10;
      const queued = entryOf(
        body.draftId,
        body.draft.subject ?? '',
        'queued',
        Date.now() + undoSeconds * 1000,
      );
      drafts[body.draftId] = { ...buildResumedDraft(body.draft), draftId: body.draftId };
      if (undoSeconds > 0) {
        outbox.set(queued.id, queued);
        return HttpResponse.json(queued, { status: 202 });
      }
      return HttpResponse.json(deliver(queued));
    }),
    http.get('/api/u/:userIndex/compose/outbox/:id', async ({ request, params }) => {
      await record(request);
      const entry = outbox.get(String(params.id));
      if (!entry) return HttpResponse.json({ code: 'NotFound', message: 'Not found' }, { status: 404 });
      if (entry.status === 'queued' && Date.parse(entry.dueAt) <= Date.now())
        return HttpResponse.json(deliver(entry));
      return HttpResponse.json(entry);
    }),
    http.post('/api/u/:userIndex/compose/outbox/:id/cancel', async ({ request, params }) => {
      await record(request);
      const entry = outbox.get(String(params.id));
      if (!entry) return HttpResponse.json({ code: 'NotFound', message: 'Not found' }, { status: 404 });
      const next: OutboxEntry = entry.status === 'queued' ? { ...entry, status: 'cancelled' } : entry;
      outbox.set(next.id, next);
      return HttpResponse.json(next);
    }),
  ];

  return { handlers, requests, drafts };
}

/** A signed-in user 0 with the folder tree and the compose API; returns the compose API's records. */
export function serveCompose(state: ComposeApiState = {}) {
  const api = composeApi(state);
  signIn(0);
  server.use(
    ...mailApi({ tree: sampleTree(), messages: {} }).handlers,
    ...api.handlers,
    // The compose route reads the signatures before a new draft starts: none unless a test serves some.
    http.get('/api/u/:userIndex/signatures', () => HttpResponse.json({ signatures: [] })),
  );
  return api;
}
