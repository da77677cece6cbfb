import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { instantOfInput, localInputValue } from '../lib/snooze-presets';

export interface SnoozePickerDialogProps {
  open: boolean;
  /** The time the picker starts at (epoch ms). */
  initial: number;
  timeZone: string;
  onPick: (at: number) => void;
  onClose: () => void;
}

/**
 * A date and time of one's own: the browser's `datetime-local` picker (in the interface language where the browser
 * has it), its value read in the user's time zone from the settings, not the browser's.
 */
export function SnoozePickerDialog({ open, initial, timeZone, onPick, onClose }: SnoozePickerDialogProps) {
  const { t } = useTranslation('snooze');
  const [value, setValue] = useState(() => localInputValue(initial, timeZone));
  const [openedAt] = useState(Date.now);
  const at = instantOfInput(value, timeZone);
  const inPast = at !== null && at <= openedAt;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('picker.title')}</DialogTitle>
      <DialogContent>
        <TextField
          type="datetime-local"
          label={t('picker.label')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={at === null || inPast}
          helperText={inPast ? t('picker.inPast') : t('picker.timeZone', { timeZone })}
          fullWidth
          margin="dense"
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: localInputValue(openedAt, timeZone) },
          }}
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
