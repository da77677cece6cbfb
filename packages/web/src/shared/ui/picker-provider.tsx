import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, fiFI, ruRU } from '@mui/x-date-pickers/locales';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/et';
import 'dayjs/locale/fi';
import 'dayjs/locale/ru';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translation';
import { pickersEtEE } from './pickers-et-locale';

/** The picker library's own texts per language (it has no Estonian: ours). */
export const pickerTexts = { fi: fiFI, ru: ruRU, en: enUS, et: pickersEtEE } as const;

/** The pickers' language (dayjs locale and the library's texts, our buttons' words) for the interface language. */
export function PickerProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const language = (i18n.resolvedLanguage ?? i18n.language) as keyof typeof pickerTexts;
  const localeText = useMemo(
    () => ({
      ...(pickerTexts[language] ?? enUS).components.MuiLocalizationProvider.defaultProps.localeText,
      okButtonLabel: t('dateTime.ok'),
      cancelButtonLabel: t('dateTime.cancel'),
      clearButtonLabel: t('dateTime.clear'),
      todayButtonLabel: t('dateTime.today'),
      dateTimePickerToolbarTitle: t('dateTime.title'),
      datePickerToolbarTitle: t('dateTime.dateTitle'),
    }),
    [language, t],
  );
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

/**
 * Whether what is typed in a picker's field is not a date (a section left empty, 31.02.): the field says so and the
 * owner is told, so that a half-typed date never passes for "no date". `picked` passes on a change with the flag.
 */
export function useTypedValidity(onValidityChange?: (valid: boolean) => void) {
  const [invalid, setInvalid] = useState(false);
  const picked = (next: Dayjs | null): next is Dayjs | null => {
    const bad = next !== null && !next.isValid();
    if (bad !== invalid) {
      setInvalid(bad);
      onValidityChange?.(!bad);
    }
    return !bad;
  };
  return { invalid, picked };
}
