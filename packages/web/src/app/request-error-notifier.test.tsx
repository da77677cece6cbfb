import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '@webmail/contracts';
import { z } from 'zod';
import { ApiRequestError } from '../shared/api/api-request-error';
import { callApi } from '../shared/api/call-api';
import { server } from '../test/msw-server';
import { renderWithProviders } from '../test/render-app';
import { createTestI18n } from '../test/test-i18n';
import { snackbarForError } from './request-error-notifier';

const englishT = async () =>
  (await createTestI18n('en')).getFixedT<['errors', 'common']>('en', ['errors', 'common']);

const saveThing = defineEndpoint({
  method: 'POST',
  path: '/things',
  auth: 'public',
  summary: 'A test endpoint',
  tags: [],
  body: z.object({ name: z.string() }),
  responses: { 200: z.unknown() },
  errors: [503],
});

function SaveButton() {
  const save = useMutation({
    mutationFn: (body: { name: string }) => callApi(saveThing, { body }),
  });
  return (
    <button type="button" onClick={() => save.mutate({ name: 'draft 1' })}>
      save
    </button>
  );
}

describe('request error snackbar', () => {
  it('joins the 422 field errors with commas', async () => {
    const t = await englishT();
    const error = new ApiRequestError(422, 'ValidationError', 'Invalid', {
      code: 'ValidationError',
      message: 'Invalid',
      errors: { name: ['Too short'], 'address.email': ['Invalid email format', 'Required'] },
    });

    const input = snackbarForError(error, t, () => {});

    expect(input).toEqual({ type: 'error', message: 'Too short, Invalid email format, Required' });
  });

  it('offers Retry only where repeating can help', async () => {
    const t = await englishT();
    const retryable = snackbarForError(new ApiRequestError(0, 'Timeout', 'slow'), t, () => {});
    const final = snackbarForError(new ApiRequestError(404, 'NotFound', 'gone'), t, () => {});

    expect(retryable).toMatchObject({
      type: 'error',
      message: 'Request failed: The server did not answer in time',
      actions: [{ label: 'Retry' }],
    });
    expect(final).toEqual({ type: 'error', message: 'Request failed: Not found' });
  });

  it('a failed mutation says request failed, and Retry sends it again with the same variables', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/things', async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? HttpResponse.json({ code: 'MailServerUnavailable', message: 'down' }, { status: 503 })
          : HttpResponse.json({ ok: true });
      }),
    );
    const { user } = await renderWithProviders(<SaveButton />);

    await user.click(screen.getByRole('button', { name: 'save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Request failed: The mail server cannot be reached right now');
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(bodies).toEqual([{ name: 'draft 1' }, { name: 'draft 1' }]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
