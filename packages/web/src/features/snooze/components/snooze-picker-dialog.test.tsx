import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserTimeZone } from '../../../shared/format/format-date';
import { createTestI18n } from '../../../test/test-i18n';
import { SnoozePickerDialog } from './snooze-picker-dialog';

const helsinki = 'Europe/Helsinki';

/** The dialog in Finnish, for a user in Helsinki, starting at 1 December 2026 08:00 there. */
async function renderPicker() {
  setUserTimeZone(helsinki);
  const i18n = await createTestI18n('fi');
  const onPick = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <SnoozePickerDialog
        open
        initial={Date.parse('2026-12-01T06:00:00Z')}
        timeZone={helsinki}
        onPick={onPick}
        onClose={() => undefined}
      />
    </I18nextProvider>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Torkuta kunnes' });
  const sections = within(within(dialog).getByRole('group', { name: 'Päivä ja aika' })).getAllByRole(
    'spinbutton',
  );
  return { user: userEvent.setup(), dialog, sections, onPick };
}

afterEach(() => setUserTimeZone(null));

// The picker's sectioned field is typed key by key: slow in jsdom on a loaded machine.
describe('the snooze date and time', { timeout: 45_000 }, () => {
  it('reads DD.MM.YYYY HH:mm in the user’s zone (summer and winter) into the instant it snoozes until', async () => {
    for (const [text, instant] of [
      ['24.12.2026 07:30', '2026-12-24T05:30:00.000Z'],
      ['15.06.2027 08:00', '2027-06-15T05:00:00.000Z'],
    ] as const) {
      const { user, dialog, sections, onPick } = await renderPicker();
      await user.click(sections[0]!);
      await user.keyboard('{Control>}a{/Control}');
      await user.paste(text);
      await user.click(within(dialog).getByRole('button', { name: 'Torkuta' }));
      expect(onPick).toHaveBeenCalledWith(Date.parse(instant));
      cleanup();
    }
  });

  it('says a date that does not exist is wrong and snoozes nothing', async () => {
    const { user, dialog, sections, onPick } = await renderPicker();
    await user.click(sections[0]!);
    await user.keyboard('3102');
    expect(await within(dialog).findByText('Virheellinen päivämäärä')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Torkuta' });
    expect(save).toBeDisabled();
    expect(onPick).not.toHaveBeenCalled();
  });
});
