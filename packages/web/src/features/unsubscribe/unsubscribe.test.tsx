import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { MessageDetail, UnsubscribeResult } from '@webmail/contracts';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageSummary, buildMessageDetail } from '../messages/message.testing';
import { buildThreadMessage, readingApi } from '../reading/conversation.testing';

Element.prototype.scrollIntoView = vi.fn();
const news = { name: 'Weekly News', address: 'news@lists.example' };

function setup(detail: Partial<MessageDetail>, answer: () => Response) {
  signIn(0);
  const message = buildMessageDetail(7, { from: news, subject: 'Issue 42', seen: true, ...detail });
  const calls: { path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({ path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
  };
  server.use(
    ...mailApi({
      tree: sampleTree(),
      messages: { 'id-inbox': [buildMessageSummary(7, { thread: 'thread-7' })] },
      details: { 7: message },
    }).handlers,
    ...readingApi({ threads: { 'thread-7': [buildThreadMessage(message)] } }).handlers,
    http.post('/api/u/:userIndex/mailbox/:mailboxId/messages/:messageId/unsubscribe', async ({ request }) => {
      await record(request);
      return answer();
    }),
    http.post('/api/u/:userIndex/search/massAction', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ action: 'trash', total: 3, handled: 3, folders: [], moved: [] });
    }),
    http.post('/api/u/:userIndex/filters', async ({ request }) => {
      await record(request);
      const body = calls.at(-1)!.body as object;
      const filter = {
        id: 'f1',
        disabled: false,
        created: '2026-11-28T06:00:00.000Z',
        metaData: { canTargets: true, canMoveTo: true },
        ...body,
      };
      return HttpResponse.json(filter, { status: 201 });
    }),
  );
  return calls;
}

const ok = (result: UnsubscribeResult) => () => HttpResponse.json(result);

describe('unsubscribe', () => {
  it('shows no button on a message without List-Unsubscribe', async () => {
    setup({ unsubscribe: null }, ok({ method: 'oneClick', url: null }));
    await renderApp('/u/0/id-inbox/thread-7/7');
    // The first render of the file also loads the app's modules: on a busy machine that takes a while.
    await screen.findByRole('article', { name: /Weekly News/ }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('asks first, unsubscribes, then moves the sender’s mail to Trash and blocks them with a filter', async () => {
    const calls = setup(
      { unsubscribe: { methods: ['oneClick', 'mailto'] } },
      ok({ method: 'oneClick', url: null }),
    );
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsubscribe from this list?' });
    expect(dialog).toHaveTextContent('asks the list of Weekly News to stop sending you mail');
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('dialog', { name: 'Unsubscribed' })).toHaveTextContent(
      'The list confirmed',
    );
    expect(calls).toEqual([{ path: '/api/u/0/mailbox/id-inbox/messages/7/unsubscribe', body: null }]);

    await user.click(screen.getByRole('button', { name: 'Move their mail to Trash' }));
    expect(await screen.findByText('3 messages moved to Trash')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Block the sender' }));
    expect(
      await screen.findByText('Mail from Weekly News now goes to Trash (a filter was created)'),
    ).toBeVisible();
    expect(calls.slice(1)).toEqual([
      {
        path: '/api/u/0/search/massAction',
        body: {
          context: 'searchAll',
          messages: [{ messageId: '*', mailboxId: '*' }],
          action: 'trash',
          search: 'from:"news@lists.example"',
        },
      },
      {
        path: '/api/u/0/filters',
        body: {
          name: 'Blocked: news@lists.example',
          query: { from: 'news@lists.example' },
          action: { delete: true },
        },
      },
    ]);
  });

  it('offers the list’s page as a link when that is the only way', async () => {
    const url = 'https://lists.example/leave?id=42';
    setup({ unsubscribe: { methods: ['url'] } }, ok({ method: 'url', url }));
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Unsubscribe' }));
    const link = await screen.findByRole('link', { name: "Open the list's page" });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says why when the server refuses, in the user’s language, and keeps the dialog open', async () => {
    setup({ unsubscribe: { methods: ['oneClick'] } }, () =>
      HttpResponse.json(
        { code: 'ValidationError', reason: 'unsubscribeAddressNotAllowed', message: 'x' },
        { status: 422 },
      ),
    );
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Unsubscribe' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('points to a private network');
  });
});
