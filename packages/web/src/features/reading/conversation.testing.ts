import type { MessageDetail, ThreadMessage } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import type { RecordedRequest } from '../../test/api-handlers.testing';
import { buildMessageDetail } from '../messages/message.testing';

/** Test-data builder for one message of a conversation, from the detail it also has (same sender, date …). */
export function buildThreadMessage(
  detail: MessageDetail,
  overrides: Partial<ThreadMessage> = {},
): ThreadMessage {
  return {
    id: detail.id,
    mailbox: detail.mailbox,
    messageId: detail.messageId,
    from: detail.from,
    to: detail.to,
    cc: detail.cc,
    subject: detail.subject,
    date: detail.date,
    seen: detail.seen,
    flagged: detail.flagged,
    answered: detail.answered,
    draft: false,
    hasAttachments: detail.attachments.some((a) => !a.related),
    snippet: (detail.text ?? '').slice(0, 200),
    ...overrides,
  };
}

/** A detail in another folder (a conversation also holds the user's own replies from Sent). */
export function buildSentDetail(uid: number, overrides: Partial<MessageDetail> = {}): MessageDetail {
  return buildMessageDetail(uid, {
    mailbox: 'id-sent',
    from: { name: 'Me', address: 'me@example.test' },
    to: [{ name: 'Alice Example', address: 'alice@example.test' }],
    ...overrides,
  });
}

export interface ReadingState {
  /** Conversations by thread id, oldest first. */
  threads?: Record<string, ThreadMessage[]>;
  /** Raw sources by UID. */
  sources?: Record<number, string>;
  /** Details answered to `?remoteContent=show`, by UID. */
  shown?: Record<number, MessageDetail>;
}

/**
 * The reading routes of the server over in-memory state: the conversation, the source,
 * "show remote content once". Other requests fall through to `mailApi` (register these after it). Requests are
 * recorded.
 */
export function readingApi(state: ReadingState) {
  const requests: RecordedRequest[] = [];
  const record = (request: Request) =>
    requests.push({ method: request.method, url: new URL(request.url), body: undefined });
  const handlers = [
    http.get('/api/u/:userIndex/mailbox/:mailboxId/threads/:threadId', ({ request, params }) => {
      record(request);
      const messages = state.threads?.[String(params.threadId)];
      if (!messages)
        return HttpResponse.json({ code: 'NotFound', message: 'No such thread' }, { status: 404 });
      return HttpResponse.json({ thread: String(params.threadId), messages });
    }),
    http.get('/api/u/:userIndex/mailbox/:mailboxId/messages/:messageId/source', ({ request, params }) => {
      record(request);
      const source = state.sources?.[Number(params.messageId)];
      if (source === undefined) return HttpResponse.json({ code: 'NotFound', message: 'x' }, { status: 404 });
      return new HttpResponse(source, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }),
    http.get('/api/u/:userIndex/mailbox/:mailboxId/messages/:messageId/attachments/:id', ({ request }) => {
      record(request);
      return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment' },
      });
    }),
    http.get('/api/u/:userIndex/mailbox/:mailboxId/messages/:messageId', ({ request, params }) => {
      if (new URL(request.url).searchParams.get('remoteContent') !== 'show') return undefined;
      record(request);
      const shown = state.shown?.[Number(params.messageId)];
      return shown ? HttpResponse.json(shown) : undefined;
    }),
  ];
  return { handlers, requests, state };
}
