import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render-app';
import type { AddressChip } from '../lib/address-chips';
import { AddressField } from './address-field';

function Field({ initial = [] }: { initial?: AddressChip[] }) {
  const [chips, setChips] = useState(initial);
  return (
    <>
      <AddressField userIndex={0} label="To" chips={chips} onChange={setChips} />
      <output aria-label="value">{chips.map((c) => `${c.name}|${c.address}|${c.valid}`).join(';')}</output>
    </>
  );
}

function serveParties() {
  const queries: string[] = [];
  server.use(
    http.get('/api/u/0/mailbox/compose/recentParties', ({ request }) => {
      const query = new URL(request.url).searchParams.get('query') ?? '';
      queries.push(query);
      return HttpResponse.json({
        recentParties: [
          { id: '1', name: 'Bob Builder', address: 'bob@example.test' },
          { id: '2', name: 'Bobby Tables', address: 'bobby@example.test' },
        ].filter((p) => p.name.toLowerCase().includes(query.toLowerCase())),
      });
    }),
  );
  return queries;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('address field: autocomplete from recent parties', () => {
  it('searches once after typing pauses and picks a suggestion with the keyboard', async () => {
    const queries = serveParties();
    const { user } = await renderWithProviders(<Field />, '/u/0/compose');
    const input = screen.getByRole('combobox', { name: 'To' });
    await user.type(input, 'bob');

    expect(await screen.findByRole('option', { name: /Bob Builder/ })).toBeInTheDocument();
    // Keystrokes closer together than 250 ms make one request, for the whole text.
    expect(queries).toEqual(['bob']);

    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('status', { hidden: true, name: 'value' })).toHaveTextContent(
      'Bob Builder|bob@example.test|true',
    );
    expect(input).toHaveValue('');
  });

  it('skips the search for an empty query and one over 255 characters', async () => {
    const queries = serveParties();
    const { user } = await renderWithProviders(<Field />, '/u/0/compose');
    const input = screen.getByRole('combobox', { name: 'To' });
    await user.click(input);
    await user.paste('b'.repeat(256));
    await user.type(input, ' ');
    await user.clear(input);
    await sleep(400);
    expect(queries).toEqual([]);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('makes chips of typed text at a comma and at Enter', async () => {
    serveParties();
    const { user } = await renderWithProviders(<Field />, '/u/0/compose');
    const input = screen.getByRole('combobox', { name: 'To' });
    await user.type(input, 'ann@example.test,carl');
    expect(input).toHaveValue('carl');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('status', { hidden: true, name: 'value' })).toHaveTextContent(
        '|ann@example.test|true;|carl|false',
      ),
    );
    expect(screen.getByText(/Invalid address: carl/)).toBeInTheDocument();
  });
});
