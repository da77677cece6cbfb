import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { noAutoreply, type Autoreply } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { buildFilter, filtersApi, type FiltersApiState } from './filters.testing';
import { addAddresses, validAddresses } from './lib/address-input';
import { emptyFilterForm, formToInput, sizeBytes, validateFilterForm } from './lib/filter-form';

function setup(state: FiltersApiState) {
  signIn(0);
  setViewportWidth(1024);
  const api = filtersApi(state);
  server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers, ...api.handlers);
  return api;
}

const three = (): FiltersApiState => ({
  filters: [buildFilter('1', 'Newsletters'), buildFilter('2', 'Boss'), buildFilter('3', 'Receipts')],
});

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Filters' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent?.replace(/(On|Off)$/, ''));

describe('filter form rules', () => {
  it('sends the size as signed bytes only when a direction is chosen, and refuses "12a"', () => {
    expect(sizeBytes({ sizeDirection: 'larger', sizeValue: '2', sizeStep: 'MB' })).toBe(2 * 1024 * 1024);
    expect(sizeBytes({ sizeDirection: 'smaller', sizeValue: '3', sizeStep: 'KB' })).toBe(-3072);
    expect(sizeBytes({ sizeDirection: 'off', sizeValue: '12a', sizeStep: 'B' })).toBeNull();
    expect(sizeBytes({ sizeDirection: 'larger', sizeValue: '12a', sizeStep: 'B' })).toBe('invalid');
    const form = { ...emptyFilterForm(), name: 'x', sizeDirection: 'larger' as const, sizeValue: '12a' };
    expect(validateFilterForm(form).size).toBe('onlyNumbers');
  });

  it('requires a name and leaves out the actions the filter cannot have', () => {
    expect(validateFilterForm(emptyFilterForm()).name).toBe('nameRequired');
    const form = { ...emptyFilterForm(), name: ' A ', mailbox: 'id-x', targets: ['a@example.test'] };
    const body = formToInput(form, false, { targets: false, moveTo: false });
    expect(body.name).toBe('A');
    expect(body.action).not.toHaveProperty('mailbox');
    expect(body.action).not.toHaveProperty('targets');
  });

  it('splits addresses on spaces, commas and semicolons and saves only the valid ones', () => {
    const chips = addAddresses(['a@example.test'], 'b@example.test, nope;c@example.test  A@example.test');
    expect(chips).toEqual(['a@example.test', 'b@example.test', 'nope', 'c@example.test']);
    expect(validAddresses(chips)).toEqual(['a@example.test', 'b@example.test', 'c@example.test']);
  });
});

describe('filter settings (settings/filters)', () => {
  it('creates a filter: name required, size number refused, then saved with signed bytes', async () => {
    const api = setup({ filters: [] });
    const { user } = await renderApp('/u/0/settings/filters');

    await user.click(await screen.findByRole('button', { name: 'New filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'New filter' });
    const size = within(dialog).getByRole('textbox', { name: 'Size' });
    expect(size).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name must not be empty')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Big mail');
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'report');
    await user.click(within(dialog).getByRole('combobox', { name: 'Size' }));
    await user.click(await screen.findByRole('option', { name: 'Larger than' }));
    await user.type(size, '12a');
    expect(await within(dialog).findByText('Only numbers')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(size);
    await user.type(size, '2');
    await user.click(within(dialog).getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'MB' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mark as read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Filter saved')).toBeInTheDocument();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Big mail',
      query: { subject: 'report', size: 2 * 1024 * 1024, from: null },
      action: { seen: true, spam: 'nothing', mailbox: null, targets: [] },
    });
    expect(await screen.findByRole('list', { name: 'Filters' })).toHaveTextContent('Big mail');
  });

  it('switches one filter off, moves one to the bottom, and toggles and deletes several', async () => {
    const api = setup(three());
    const { user } = await renderApp('/u/0/settings/filters');

    await user.click(await screen.findByRole('switch', { name: 'Filter Boss on' }));
    expect(await screen.findByText('Boss is off')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ disabled: true });

    await user.click(screen.getByRole('button', { name: 'Move Newsletters to the bottom' }));
    expect(await screen.findByText('Newsletters moved to the bottom')).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Boss', 'Receipts', 'Newsletters']));

    await user.click(screen.getByRole('checkbox', { name: 'Select Boss' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Receipts' }));
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('2 filters switched on')).toBeInTheDocument();
    expect(api.requests.find((r) => r.url.pathname.endsWith('/massToggle'))?.body).toEqual({
      ids: ['2', '3'],
      disabled: false,
    });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 filters?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 filters deleted')).toBeInTheDocument();
    expect(api.requests.find((r) => r.url.pathname.endsWith('/massDelete'))?.body).toEqual({
      ids: ['2', '3'],
    });
    await waitFor(() => expect(rowNames()).toEqual(['Newsletters']));
  });

  it('asks before using these filters in place of another program’s', async () => {
    const api = setup({ ...three(), script: { state: 'foreign', activeName: 'roundcube' } });
    const { user } = await renderApp('/u/0/settings/filters');

    expect(await screen.findByText(/Another program's filters \(roundcube\) are active/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use these filters instead' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Use these filters instead?' });
    await user.click(within(confirm).getByRole('button', { name: 'Use these filters instead' }));
    expect(await screen.findByText('These filters are now in use')).toBeInTheDocument();
    expect(api.requests.find((r) => r.url.pathname.endsWith('/script/takeOver'))?.body).toEqual({
      replace: true,
    });
    await waitFor(() => expect(screen.queryByText(/Another program's filters/)).not.toBeInTheDocument());
  });

  it('imports a Gmail file and lists for each entry what was left out', async () => {
    const api = setup({
      filters: [],
      importResult: {
        imported: 2,
        problems: [{ entry: 2, name: 'Labels', properties: ['label', 'shouldArchive'], skipped: false }],
      },
    });
    const { user } = await renderApp('/u/0/settings/filters');

    await screen.findByText('No filters yet.');
    const file = new File(['<feed/>'], 'mailFilters.xml', { type: 'application/xml' });
    await user.upload(screen.getByTestId('filters-import-file'), file);
    expect(
      await screen.findByText('Imported 2 filters, with problems: Labels without: label, shouldArchive.'),
    ).toBeInTheDocument();
    expect(api.requests.find((r) => r.url.pathname.endsWith('/import'))?.body).toBe('a file');
    expect(screen.getByRole('link', { name: 'Export' })).toHaveAttribute('href', '/api/u/0/filters/export');
  });

  it('saves forwarding targets without the invalid ones, shown as error chips', async () => {
    const api = setup({ filters: [], targets: ['old@example.test'] });
    const { user } = await renderApp('/u/0/settings/filters');

    const input = await screen.findByRole('textbox', { name: 'Forwarding addresses' });
    await user.type(input, 'new@example.test;bad, ');
    const chips = screen.getByRole('list', { name: 'Forwarding addresses' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['old@example.test', 'new@example.test', 'bad']);
    expect(within(chips).getByText('bad').closest('[aria-invalid]')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Invalid addresses (in red) are not saved')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Save' }).at(-1)!);
    expect(await screen.findByText('Forwarding saved')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      targets: ['old@example.test', 'new@example.test'],
    });
  });

  it('says why the spam level cannot be used when the mail server lacks spam scores, and offers it otherwise', async () => {
    setup({ ...three(), spamLevelAvailable: false });
    const view = await renderApp('/u/0/settings/filters');
    expect(
      await screen.findByText(/cannot give spam scores to filters/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Spam level' })).toBeDisabled();
    view.unmount();
    setup({ ...three(), spamLevelAvailable: true });
    await renderApp('/u/0/settings/filters');
    await waitFor(() => expect(screen.getByRole('slider', { name: 'Spam level' })).toBeEnabled(), {
      timeout: 10_000,
    });
    expect(screen.queryByText(/cannot give spam scores to filters/)).not.toBeInTheDocument();
  }, 30_000);

  it('hides forwarding when the plan switches it off, and says so when filters are off', async () => {
    setup({ filters: null, targetsDisabled: true });
    await renderApp('/u/0/settings/filters');
    expect(await screen.findByText('Filters are not part of your plan.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Forwarding addresses' })).not.toBeInTheDocument();
  });
});

/** The picker's value input (hidden; its sections are what the user edits) under the field labelled so. */
const pickerInput = (label: string) =>
  screen.getByRole('group', { name: label }).parentElement!.querySelector('input')!;

describe('auto-reply (settings/autoreply)', () => {
  const reply: Autoreply = { ...noAutoreply };

  it('saves the reply, refuses an end before the start, and the mailbox says when it starts', async () => {
    signIn(0);
    setViewportWidth(1024);
    let saved: Autoreply | null = null;
    server.use(
      ...mailApi({ tree: sampleTree(), messages: {} }).handlers,
      http.get('/api/u/:userIndex/filters/autoreply', () => HttpResponse.json(saved ?? reply)),
      http.put('/api/u/:userIndex/filters/autoreply', async ({ request }) => {
        saved = (await request.json()) as Autoreply;
        return HttpResponse.json(saved);
      }),
    );
    const { user, router } = await renderApp('/u/0/settings/autoreply');

    // The first visit loads the page with its date picker library, which takes a while in the test environment.
    await user.click(await screen.findByRole('switch', { name: 'Auto-reply on' }, { timeout: 20_000 }));
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Away');
    // The message is rich text in the composer's body field; jsdom has no layout for typing into ProseMirror, so
    // the text goes in through the editor Tiptap keeps on its element.
    const body = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLElement & {
      editor: Editor;
    };
    act(() => void body.editor.commands.insertContent('<p>Back on <strong>Monday</strong></p>'));
    // The reply carries no images: the toolbar offers none.
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Insert image' })).not.toBeInTheDocument();
    // Leaving with unsaved changes asks; staying keeps what was typed.
    void router.navigate('/u/0/id-inbox');
    const leave = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(leave).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Away');

    // The time picker: DD.MM.YYYY HH:mm in the user's time zone (Europe/Helsinki in the test details).
    const start = pickerInput('Starts');
    const end = pickerInput('Ends');
    fireEvent.change(start, { target: { value: '02.05.2031 10:00' } });
    fireEvent.change(end, { target: { value: '01.05.2031 10:00' } });
    expect(await screen.findByText('The end must be after the start')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(end, { target: { value: '09.05.2031 10:00' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(start).toHaveValue('02.05.2031 10:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Auto-reply saved')).toBeInTheDocument();
    expect(saved).toEqual({
      status: true,
      name: '',
      subject: 'Away',
      text: 'Back on Monday',
      html: '<p>Back on <strong>Monday</strong></p>',
      start: '2031-05-02T07:00:00.000Z',
      end: '2031-05-09T07:00:00.000Z',
    });
    // The start is ahead: the mailbox's notice says when it starts, not that it is on.
    await router.navigate('/u/0/id-inbox');
    expect(await screen.findByText('Auto-reply starts on 02.05.2031 10:00')).toBeInTheDocument();
    expect(screen.queryByText('Auto-reply is on')).not.toBeInTheDocument();
  }, 60_000);
});
