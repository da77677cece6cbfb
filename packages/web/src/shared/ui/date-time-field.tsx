import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, fiFI, ruRU } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/et';
import 'dayjs/locale/fi';
import 'dayjs/locale/ru';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useMemo } from 'react';
import { useTimeZone } from '../format/format-date';
import { useTranslation } from '../i18n/translation';
import { pickersEtEE } from './pickers-et-locale';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The picker library's own texts per language (it has no Estonian: ours). */
export const pickerTexts = { fi: fiFI, ru: ruRU, en: enUS, et: pickersEtEE } as const;

/** The full date: `DD.MM.YYYY HH:mm`, 24-hour clock, whatever the language. */
export const dateTimeFormat = 'DD.MM.YYYY HH:mm';

export interface DateTimeFieldProps {
  label: string;
  /** An ISO 8601 instant, or null (no value). */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The earliest and latest instants that may be chosen (the picker honours both). */
  min?: string | null;
  max?: string | null;
  /** Minutes offered by the clock (the allowed minutes); seconds are not chosen. */
  minutesStep?: number;
  helperText?: string;
  error?: boolean;
}

/**
 * A date and time in the **user's** time zone (user details `timezone`, the browser's until known) and the full date format,
 * on MUI X's picker (dayjs with its utc and timezone plugins, locales fi/en/et/ru). The value in and out is an ISO
 * instant: the zone only decides how it is shown and typed. This module is the one place that knows the library.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  const { label, value, onChange, min, max, minutesStep = 5, helperText, error } = props;
  const timeZone = useTimeZone();
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
    }),
    [language, t],
  );
  const at = (iso: string | null | undefined): Dayjs | undefined =>
    iso ? dayjs(iso).tz(timeZone) : undefined;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language} localeText={localeText}>
      <DateTimePicker
        label={label}
        value={at(value) ?? null}
        onChange={(next) => onChange(next && next.isValid() ? next.toISOString() : null)}
        timezone={timeZone}
        format={dateTimeFormat}
        ampm={false}
        views={['year', 'month', 'day', 'hours', 'minutes']}
        timeSteps={{ minutes: minutesStep }}
        minDateTime={at(min)}
        maxDateTime={at(max)}
        slotProps={{
          textField: { helperText, error, fullWidth: true },
          actionBar: { actions: ['clear', 'cancel', 'accept'] },
        }}
      />
    </LocalizationProvider>
  );
}
