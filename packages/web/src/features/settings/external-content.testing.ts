import type { ExternalContentSender, ExternalContentSettings } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { requestLog } from '../../test/api-handlers.testing';

export function buildSender(id: string, address: string): ExternalContentSender {
  return { id, address, created: new Date(2024, 4, 2, 10, 15).toISOString() };
}

/**
 * The external-content settings routes over in-memory state (GET, PATCH mode, POST and DELETE senders), as the
 * server answers them; `onSenderAdded` lets a test change what the message route answers next. Requests recorded.
 */
export function externalContentApi(
  state: ExternalContentSettings = { mode: 'ask', senders: [] },
  onSenderAdded: (address: string) => void = () => {},
) {
  const { requests, record } = requestLog();
  const base = '/api/u/:userIndex/settings/externalContent';
  let next = 100;
  const handlers = [
    http.get(base, async ({ request }) => {
      await record(request);
      return HttpResponse.json(state);
    }),
    http.patch(base, async ({ request }) => {
      await record(request);
      state.mode = ((await request.json()) as { mode: ExternalContentSettings['mode'] }).mode;
      return HttpResponse.json(state);
    }),
    http.post(`${base}/senders`, async ({ request }) => {
      await record(request);
      const { address } = (await request.json()) as { address: string };
      const sender = buildSender(String((next += 1)), address.toLowerCase());
      state.senders = [sender, ...state.senders];
      onSenderAdded(sender.address);
      return HttpResponse.json(sender);
    }),
    http.delete(`${base}/senders/:id`, async ({ request, params }) => {
      await record(request);
      state.senders = state.senders.filter((sender) => sender.id !== params.id);
      return HttpResponse.json({ ok: true });
    }),
  ];
  return { handlers, requests, state };
}
