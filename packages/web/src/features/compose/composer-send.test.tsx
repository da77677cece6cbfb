import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageDetail, buildMessageSummary } from '../messages/message.testing';
import { buildSentDetail, buildThreadMessage, readingApi } from '../reading/conversation.testing';
import { composeApi, serveCompose } from './compose.testing';

const sends = (api: ReturnType<typeof serveCompose>) =>
  api.requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/compose/send'));

describe('sending (send exactly once, undo send)', () => {
  it('queues the message, offers Undo, and reopens the draft when the undo worked', async () => {
    const api = serveCompose();
    const { user, router } = await renderApp('/u/0/compose?to=bob@example.test', {});
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    await user.type(subject, 'Lunch?');
    const draftPath = router.state.location.pathname;
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const snackbar = await screen.findByText('Sending…', { selector: 'div' });
    // Back at the account's home (or already at the Inbox it goes on to).
    expect(router.state.location.pathname).toMatch(/^\/u\/0(\/id-inbox)?$/);
    expect(sends(api)[0]!.body).toMatchObject({
      draftId: draftPath.split('/').pop(),
      draft: { to: [{ address: 'bob@example.test' }], subject: 'Lunch?' },
    });

    await user.click(within(snackbar.closest('[role="status"]')!).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Sending undone. The draft is open again.')).toBeInTheDocument();
    expect(api.requests.some((r) => r.url.pathname.endsWith('/cancel'))).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe(draftPath));
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('Lunch?');
  });

  it('sends with Ctrl+Enter and reports a delivery at once without an undo window', async () => {
    const api = serveCompose({ undoSeconds: 0 });
    const { user } = await renderApp('/u/0/compose?to=bob@example.test');
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    await user.type(subject, 'Quick');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(sends(api)).toHaveLength(1);
  });

  it('says in words why the mail server refused it', async () => {
    serveCompose({
      undoSeconds: 0,
      sendFailure: { reason: 'recipientRejected', message: 'User unknown', recipients: ['bob@example.test'] },
    });
    const { user } = await renderApp('/u/0/compose?to=bob@example.test');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const alert = await screen.findByText(/The message was not sent/);
    expect(alert).toHaveTextContent(
      'The message was not sent: the mail server refused some recipients (bob@example.test). The draft is kept in Drafts.',
    );
    expect(screen.getByRole('button', { name: 'Open draft' })).toBeInTheDocument();
  });

  it('shows a 422 answer at its field and stays in the composer', async () => {
    serveCompose();
    server.use(
      http.post('/api/u/0/compose/send', () =>
        HttpResponse.json(
          {
            code: 'ValidationError',
            message: 'Some fields are invalid',
            errors: { 'draft.subject': ['Too long for the server'] },
          },
          { status: 422 },
        ),
      ),
    );
    const { user, router } = await renderApp('/u/0/compose?to=bob@example.test');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('Too long for the server')).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toMatch(/\/compose\//);
  });
});

describe('after sending a reply', () => {
  it('goes back to the conversation, which then shows the sent reply', async () => {
    signIn(0);
    const question = buildMessageDetail(7, { subject: 'Trip', text: 'Shall we go on Friday?' });
    const answer = buildSentDetail(21, { subject: 'Re: Trip', seen: true, text: 'Friday works.' });
    const state = {
      tree: sampleTree(),
      messages: { 'id-inbox': [buildMessageSummary(7, { thread: 'thread-7' })] },
      details: { 7: question, 21: answer },
    };
    const threads = { 'thread-7': [buildThreadMessage(question)] };
    const compose = composeApi({
      undoSeconds: 0,
      prefills: {
        'id-inbox/7/reply': {
          to: [{ name: 'Bob', address: 'bob@example.test' }],
          subject: 'Re: Trip',
          html: '<p></p><p>Bob wrote:</p><blockquote><p>Shall we go on Friday?</p></blockquote>',
        },
      },
    });
    server.use(
      ...mailApi(state).handlers,
      ...readingApi({ threads }).handlers,
      ...compose.handlers,
      http.get('/api/u/:userIndex/signatures', () => HttpResponse.json({ signatures: [] })),
    );
    // The mail server has the reply in Sent once it is delivered: the conversation gathers it from there.
    server.events.on('response:mocked', ({ request }) => {
      if (request.url.endsWith('/compose/send')) threads['thread-7'].push(buildThreadMessage(answer));
    });
    onTestFinished(() => server.events.removeAllListeners('response:mocked'));
    const { user, router } = await renderApp('/u/0/id-inbox/thread-7/7');

    await user.click(await screen.findByRole('link', { name: 'Reply' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message body' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/u/0/id-inbox/thread-7/7');
    const list = await screen.findByRole('list', { name: 'Messages in this conversation' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(/Me.*Friday works/);
  });
});

describe('before-leaving confirmation', () => {
  it('asks before leaving with unsaved changes', async () => {
    serveCompose();
    const { user, router } = await renderApp('/u/0/compose');
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Unsaved');
    await user.click(screen.getByRole('button', { name: 'Close' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep writing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toMatch(/\/compose\//);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    // Out of the composer, to the account's home (which may go on to its Inbox).
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/compose/));
    expect(router.state.location.pathname).toMatch(/^\/u\/0(\/|$)/);
  });

  it('leaves without asking when nothing is unsaved', async () => {
    serveCompose();
    const { user, router } = await renderApp('/u/0/compose');
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/compose/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
