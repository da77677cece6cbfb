import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

function setup(answer: (body: unknown) => Response) {
  signIn(0);
  const sent: unknown[] = [];
  server.use(
    ...mailApi({ tree: sampleTree(), messages: {} }).handlers,
    http.post('/api/u/:userIndex/feedback', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

async function openDialog() {
  setViewportWidth(1024);
  const app = await renderApp('/u/0/id-inbox');
  const footer = await screen.findByRole('contentinfo', { name: 'About this app' });
  await app.user.click(within(footer).getByRole('button', { name: 'Send feedback' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
  return { ...app, dialog };
}

describe('feedback dialog', () => {
  it('needs stars and a text of at most 1000 characters, counts live, and sends only a valid one', async () => {
    const sent = setup(() => HttpResponse.json({ id: 'f1' }, { status: 201 }));
    const { user, dialog } = await openDialog();
    const text = within(dialog).getByRole('textbox', { name: 'Your feedback' });
    expect(within(dialog).getByText('0 / 1000')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Choose 1 to 5 stars')).toBeInTheDocument();
    expect(within(dialog).getByText('Write your feedback')).toBeInTheDocument();

    await user.click(text);
    await user.paste('x'.repeat(1001));
    expect(within(dialog).getByText('1001 / 1000')).toBeInTheDocument();
    expect(within(dialog).getByText('At most 1000 characters')).toBeInTheDocument();
    // A click without pointer movement: MUI's Rating reads the hovered star from the layout, which jsdom has not.
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    expect(within(dialog).queryByText('Choose 1 to 5 stars')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([]);

    await user.type(text, '{Backspace}');
    expect(within(dialog).getByText('1000 / 1000')).toBeInTheDocument();
    expect(within(dialog).queryByText('At most 1000 characters')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Thank you! Your feedback was sent.')).toBeInTheDocument();
    expect(sent).toEqual([{ stars: 4, feedback: 'x'.repeat(1000) }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Send feedback' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's refusal on its field and keeps what was typed", async () => {
    setup(() =>
      HttpResponse.json(
        {
          code: 'ValidationError',
          message: 'Feedback can be at most 1000 characters',
          errors: { feedback: ['Feedback can be at most 1000 characters'] },
          fieldErrors: { feedback: [{ code: 'tooLong', params: { max: 1000 } }] },
        },
        { status: 422 },
      ),
    );
    const { user, dialog } = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: '2 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your feedback' }), 'Slow search');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByText(/^Too long: the maximum length is 1.?000$/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Your feedback' })).toHaveValue('Slow search');
    expect(within(dialog).getByRole('radio', { name: '2 stars' })).toBeChecked();
  });
});
