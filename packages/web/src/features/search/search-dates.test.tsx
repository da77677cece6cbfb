import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUserDetails, mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageSummaries } from '../messages/message.testing';
import { searchApi } from './search.testing';

/** The advanced view in Finnish, opened from the inbox. */
async function openAdvanced() {
  setViewportWidth(1280);
  signIn(0);
  const api = mailApi({
    tree: sampleTree(),
    messages: { 'id-inbox': buildMessageSummaries(3) },
    userDetails: buildUserDetails({ timezone: 'Europe/Helsinki', language: 'fi' }),
  });
  const fake = searchApi({ results: {} });
  server.use(...fake.handlers, ...api.handlers);
  const app = await renderApp('/u/0/id-inbox', { language: 'fi' });
  await screen.findByRole('list', { name: /Viestit/ }, { timeout: 15_000 });
  await app.user.click(screen.getByRole('button', { name: 'Näytä hakuasetukset' }));
  const form = await screen.findByRole('dialog', { name: 'Tarkennettu haku' });
  return { ...app, fake, form };
}

type User = Awaited<ReturnType<typeof openAdvanced>>['user'];

/** Puts `text` into the date field labelled `label` (its sections: day, month, year) as a paste over all of them. */
async function enterDate(user: User, form: HTMLElement, label: string, text: string) {
  const group = await within(form).findByRole('group', { name: label }, { timeout: 10_000 });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard('{Control>}a{/Control}');
  await user.paste(text);
}

// The picker's sectioned field is typed key by key: slow in jsdom on a loaded machine.
describe('the advanced search dates', { timeout: 45_000 }, () => {
  it.each([
    ['Alkaen', '15.01.2026', 'after:2026-01-15'],
    ['Ennen', '29.02.2028', 'before:2028-02-29'],
  ])('reads %s entered as DD.MM.YYYY into the query the search sends', async (label, text, term) => {
    const { user, form, fake } = await openAdvanced();
    await enterDate(user, form, label, text);
    expect(screen.getByRole('combobox', { name: 'Hae viesteistä' })).toHaveValue(term);
    await user.click(within(form).getByRole('button', { name: 'Hae' }));
    await waitFor(() => expect(fake.searches.at(-1)?.searchParams.get('search')).toBe(term));
  });

  it('says a date that does not exist is wrong and sends nothing', async () => {
    const { user, form, fake } = await openAdvanced();
    await user.click(within(form).getByRole('textbox', { name: 'Aihe' }));
    await user.paste('budjetti');
    const group = await within(form).findByRole('group', { name: 'Alkaen' }, { timeout: 10_000 });
    // Typed key by key: the day and month are each whole, the date they make is not.
    await user.click(within(group).getAllByRole('spinbutton')[0]!);
    await user.keyboard('31022026');
    expect(await within(form).findByText('Virheellinen päivämäärä')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Hae viesteistä' })).toHaveValue('subject:budjetti');
    expect(within(form).getByRole('button', { name: 'Hae' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(fake.searches).toEqual([]);

    // Reset empties the field and its complaint.
    await user.click(within(form).getByRole('button', { name: 'Tyhjennä' }));
    expect(within(form).queryByText('Virheellinen päivämäärä')).not.toBeInTheDocument();
  });

  it('opens the calendar from the keyboard; Escape closes it and gives the focus back', async () => {
    const { user, form } = await openAdvanced();
    const open = (
      await within(form).findAllByRole('button', { name: /Valitse päivä/ }, { timeout: 10_000 })
    )[0]!;
    open.focus();
    await user.keyboard('{Enter}');
    const calendar = await screen.findByRole('dialog', { name: /Alkaen|Valitse päivä/ });
    expect(within(calendar).getByRole('grid')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });
});
