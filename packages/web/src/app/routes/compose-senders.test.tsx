import { screen, waitFor, within } from '@testing-library/react';
import type { DraftContentInput } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { serveCompose } from '../../features/compose/compose.testing';
import {
  buildOutgoingAddress,
  outgoingAddressesApi,
} from '../../features/settings/outgoing-addresses.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

describe('From in the composer (the compose route gives the verified outgoing addresses)', () => {
  it('offers the account and the verified addresses, not the pending ones, and saves the chosen From', async () => {
    const compose = serveCompose();
    server.use(
      ...outgoingAddressesApi({
        addresses: [
          buildOutgoingAddress('1', 'alias@example.test', true, 'Alias Name'),
          buildOutgoingAddress('2', 'pending@example.test', false),
        ],
      }).handlers,
    );
    const { user } = await renderApp('/u/0/compose?to=ann@example.test');
    const from = await screen.findByRole('combobox', { name: 'From' });
    await user.click(from);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Alice Example <alice@example.test>',
      'Alias Name <alias@example.test>',
    ]);
    await user.click(options[1]!);
    expect(from).toHaveTextContent('Alias Name <alias@example.test>');
    await waitFor(
      () => {
        const saves = compose.requests.filter((r) => r.method === 'PUT');
        const last = saves.at(-1)?.body as { draft: DraftContentInput } | undefined;
        expect(last?.draft.from).toEqual({ name: 'Alias Name', address: 'alias@example.test' });
      },
      { timeout: 8000 },
    );
  });
});
