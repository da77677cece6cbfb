import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useTimeZone } from '../format/format-date';
import { useTranslation } from '../i18n/translation';
import { PickerProvider, useTypedValidity } from './picker-provider';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The full date: `DD.MM.YYYY HH:mm`, 24-hour clock, whatever the language. */
export const dateTimeFormat = 'DD.MM.YYYY HH:mm';

export interface DateTimeFieldProps {
  label: string;
  /** An ISO 8601 instant, or null (no value). */
  value: string | null;
  /** Called with an instant, or null (cleared, or typed into something that is not a date: the field says so). */
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
 * instant: the zone only decides how it is shown and typed. This module and `date-field.tsx` are the places that
 * know the library.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  const { label, value, onChange, min, max, minutesStep = 5, helperText, error } = props;
  const timeZone = useTimeZone();
  const { t } = useTranslation('common');
  const { invalid, picked } = useTypedValidity();
  const at = (iso: string | null | undefined): Dayjs | undefined =>
    iso ? dayjs(iso).tz(timeZone) : undefined;
  return (
    <PickerProvider>
      <DateTimePicker
        label={label}
        value={at(value) ?? null}
        onChange={(next) => onChange(picked(next) && next ? next.toISOString() : null)}
        timezone={timeZone}
        format={dateTimeFormat}
        ampm={false}
        views={['year', 'month', 'day', 'hours', 'minutes']}
        timeSteps={{ minutes: minutesStep }}
        minDateTime={at(min)}
        maxDateTime={at(max)}
        slotProps={{
          textField: {
            helperText: invalid ? t('dateTime.invalid') : helperText,
            error: invalid || error,
            fullWidth: true,
          },
          actionBar: { actions: ['clear', 'cancel', 'accept'] },
        }}
      />
    </PickerProvider>
  );
}
