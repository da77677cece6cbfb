import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { serveCompose } from './compose.testing';

const uuidPath = /^\/u\/0\/compose\/[0-9a-f-]{36}$/;

function paste(element: Element, text: string) {
  fireEvent.paste(element, { clipboardData: { getData: () => text } });
}

describe('composer: recipients and limits', () => {
  it('pre-fills To from ?to= and gives the draft an id', async () => {
    serveCompose();
    const { router } = await renderApp('/u/0/compose?to=ann@example.test,Bob%20%3Cbob@example.test%3E');
    expect(await screen.findByRole('button', { name: 'ann@example.test' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bob <bob@example.test>' })).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(uuidPath);
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('Alice Example <alice@example.test>');
  });

  it('opens in the tab layout as ComposeTab', async () => {
    serveCompose();
    const { router } = await renderApp('/u/0/tab/compose?to=ann@example.test');
    expect(await screen.findByRole('button', { name: 'ann@example.test' })).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/u\/0\/tab\/compose\/[0-9a-f-]{36}$/);
  });

  it('splits a pasted list into chips and blocks sending while one is invalid', async () => {
    const api = serveCompose();
    const { user } = await renderApp('/u/0/compose');
    const to = await screen.findByRole('combobox', { name: 'To' });
    paste(to, 'ann@example.test; "Smith, Bob" <bob@example.test>\ncarl@example.test not-an-address');

    expect(await screen.findByRole('button', { name: 'ann@example.test' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '"Smith, Bob" <bob@example.test>' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'carl@example.test' })).toBeInTheDocument();
    const invalid = screen.getByRole('button', { name: 'not-an-address: invalid address' });
    expect(invalid).toHaveAttribute('data-invalid', 'true');
    expect(screen.getByText(/Invalid address: not-an-address/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Correct or remove the invalid addresses: not-an-address.');
    expect(api.requests.filter((r) => r.url.pathname.endsWith('/compose/send'))).toEqual([]);

    // Clicking the invalid chip puts it back into the input for correction.
    await user.click(invalid);
    expect(to).toHaveValue('not-an-address');
  });

  it('refuses to send to 401 recipients and says why', async () => {
    const api = serveCompose();
    const { user } = await renderApp('/u/0/compose');
    const to = await screen.findByRole('combobox', { name: 'To' });
    const list = Array.from({ length: 401 }, (_, i) => `r${i}@example.test`).join(', ');
    paste(to, list);

    expect(await screen.findByText('At most 400 recipients are allowed (now 401)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'At most 400 recipients are allowed (now 401).',
    );
    expect(api.requests.some((r) => r.url.pathname.endsWith('/compose/send'))).toBe(false);
  });

  it('shows a counter near 900 subject characters and an error at 901', async () => {
    const api = serveCompose();
    const { user } = await renderApp('/u/0/compose?to=ann@example.test');
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    fireEvent.change(subject, { target: { value: 'x'.repeat(850) } });
    expect(screen.getByText('850 / 900')).toBeInTheDocument();
    fireEvent.change(subject, { target: { value: 'x'.repeat(901) } });
    expect(screen.getByText('The subject can be at most 900 characters (now 901)')).toBeInTheDocument();
    expect(subject).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('The subject can be at most 900 characters (now 901).'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests.some((r) => r.url.pathname.endsWith('/compose/send'))).toBe(false),
    );
  });
});
