import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../i18n/translation';
import { PickerProvider, useTypedValidity } from './picker-provider';

/** The date: `DD.MM.YYYY`, whatever the language. */
export const dateFormat = 'DD.MM.YYYY';
const isoDate = 'YYYY-MM-DD';

export interface DateFieldProps {
  label: string;
  /** A calendar date `YYYY-MM-DD`, or '' (none). */
  value: string;
  /** Called with a whole date or '' (cleared, or typed into something that is not a date). */
  onChange: (value: string) => void;
  /** Told when the typed text stops or starts being a date (the owner holds back what needs one). */
  onValidityChange?: (valid: boolean) => void;
  size?: 'small' | 'medium';
  className?: string;
}

/**
 * A calendar date (no time, no zone) on the app's picker: typed as `DD.MM.YYYY` section by section, or chosen from
 * the calendar its button opens (Escape closes it and gives the focus back). The value in and out is `YYYY-MM-DD`.
 */
export function DateField(props: DateFieldProps) {
  const { label, value, onChange, size } = props;
  const { t } = useTranslation('common');
  const { invalid, picked } = useTypedValidity(props.onValidityChange);
  // What the field shows: a half-typed date stays on screen while the owner's value is ''.
  const [shown, setShown] = useState<{ value: string; date: Dayjs | null }>(() => ({
    value,
    date: value ? dayjs(value, isoDate) : null,
  }));
  const current = shown.value === value ? shown : { value, date: value ? dayjs(value, isoDate) : null };
  if (current !== shown) setShown(current);
  const change = (next: Dayjs | null) => {
    const nextValue = picked(next) && next ? next.format(isoDate) : '';
    setShown({ value: nextValue, date: next });
    if (nextValue !== value) onChange(nextValue);
  };
  return (
    <PickerProvider>
      <DatePicker
        label={label}
        value={current.date}
        onChange={change}
        format={dateFormat}
        className={props.className}
        slotProps={{
          textField: {
            size,
            fullWidth: true,
            error: invalid,
            helperText: invalid ? t('dateTime.invalid') : undefined,
          },
          actionBar: { actions: ['clear', 'cancel', 'accept'] },
        }}
      />
    </PickerProvider>
  );
}
