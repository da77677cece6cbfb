import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Rating from '@mui/material/Rating';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { enUS } from '@mui/material/locale';
import { languages, type Language } from '@webmail/contracts';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { DateField } from '../../shared/ui/date-field';
import { DateTimeField } from '../../shared/ui/date-time-field';
import { createTestI18n } from '../../test/test-i18n';
import { AppThemeProvider } from './app-theme-provider';
import { createAppTheme, muiLocales } from './create-app-theme';

/** Every plain text of MUI's English locale: the words that must not show in another language. */
function englishTexts(): string[] {
  const texts = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(enUS.components);
  return [...texts];
}

/** The built-in English the date picker shows or announces (its own enUS texts). */
const pickerEnglish = ['Choose date', 'Open calendar', 'Clear', 'Choose time'];

/** MUI components with built-in texts, as the app uses them: stars, a combobox, a closable alert, a pager, a date. */
function Components() {
  return (
    <>
      <Rating name="stars" value={null} />
      <Autocomplete
        options={['Europe/Helsinki']}
        renderInput={(params) => <TextField {...params} label="zone" />}
        value="Europe/Helsinki"
      />
      <Alert onClose={() => undefined}>notice</Alert>
      <TablePagination component="div" count={100} page={0} rowsPerPage={10} onPageChange={() => undefined} />
      <DateTimeField label="date" value="2026-11-28T10:00:00Z" onChange={() => undefined} />
      <DateField label="day" value="2026-11-28" onChange={() => undefined} />
    </>
  );
}

/** Accessible names, titles and visible text of everything rendered. */
function shownTexts(container: HTMLElement): string[] {
  const texts = new Set<string>();
  for (const el of container.querySelectorAll<HTMLElement>('*')) {
    for (const attribute of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(attribute);
      if (value) texts.add(value.trim());
    }
    for (const node of el.childNodes)
      if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) texts.add(node.textContent.trim());
  }
  return [...texts];
}

const otherLanguages = languages.filter((language): language is Exclude<Language, 'en'> => language !== 'en');

describe('MUI built-in texts', () => {
  it('has a MUI locale for every interface language, wired into the theme', () => {
    expect(Object.keys(muiLocales).sort()).toEqual([...languages].sort());
    for (const language of otherLanguages) {
      const theme = createAppTheme('blue', language);
      expect(theme.components?.MuiRating?.defaultProps?.emptyLabelText, language).toBe(
        muiLocales[language].components?.MuiRating?.defaultProps?.emptyLabelText,
      );
      expect(theme.components?.MuiAutocomplete?.defaultProps?.openText, language).not.toBe('Open');
    }
  });

  for (const language of otherLanguages) {
    it(`shows no English of MUI's own in ${language}`, async () => {
      const i18n = await createTestI18n(language);
      const { container } = render(
        <I18nextProvider i18n={i18n}>
          <AppThemeProvider>
            <Components />
          </AppThemeProvider>
        </I18nextProvider>,
      );
      // The stars' empty choice, the combobox's open and clear buttons, the alert's close button.
      expect(screen.getAllByRole('button').length).toBeGreaterThan(3);
      const english = new Set([...englishTexts(), ...pickerEnglish]);
      const shown = shownTexts(container);
      expect(shown.filter((text) => english.has(text) || /^Choose (date|time)/.test(text))).toEqual([]);
      expect(shown.length).toBeGreaterThan(5);
    });
  }
});
