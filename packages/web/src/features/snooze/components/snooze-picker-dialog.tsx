import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { DateTimeField } from '../../../shared/ui/date-time-field';

export interface SnoozePickerDialogProps {
  open: boolean;
  /** The time the picker starts at (epoch ms). */
  initial: number;
  /** The user's time zone (the picker shows and reads the time in it). */
  timeZone: string;
  onPick: (at: number) => void;
  onClose: () => void;
}

/** A date and time of one's own, on the app's picker (`DD.MM.YYYY HH:mm`) in the user's time zone. */
export function SnoozePickerDialog({ open, initial, timeZone, onPick, onClose }: SnoozePickerDialogProps) {
  const { t } = useTranslation('snooze');
  const [value, setValue] = useState<string | null>(() => new Date(initial).toISOString());
  const [openedAt] = useState(Date.now);
  const at = value === null ? null : Date.parse(value);
  const inPast = at !== null && at <= openedAt;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('picker.title')}</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        <DateTimeField
          label={t('picker.label')}
          value={value}
          onChange={setValue}
          min={new Date(openedAt).toISOString()}
          error={inPast}
          helperText={inPast ? t('picker.inPast') : t('picker.timeZone', { timeZone })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('picker.cancel')}</Button>
        <Button
          variant="contained"
          disabled={at === null || inPast}
          onClick={() => at !== null && onPick(at)}
        >
          {t('picker.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
