import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { sendLaterMaxDays } from '@webmail/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { DateTimeField } from '../../../shared/ui/date-time-field';

const hourMs = 3_600_000;

/** Picks the send time (the user's zone, the app's locale); a time in the past is not accepted. */
export function SendLaterDialog({
  open,
  initial,
  title,
  onClose,
  onPick,
}: {
  open: boolean;
  /** The time shown first (ISO); an hour from now when absent. */
  initial?: string;
  title: string;
  onClose: () => void;
  onPick: (sendAt: string) => void;
}) {
  const { t } = useTranslation('compose');
  const { t: tCommon } = useTranslation('common');
  // When the dialog opened: the earliest time it offers (the server checks again when it is sent).
  const [now] = useState(() => Date.now());
  const [value, setValue] = useState<string | null>(
    () => initial ?? new Date(Math.ceil((now + hourMs) / hourMs) * hourMs).toISOString(),
  );
  const past = value !== null && Date.parse(value) <= now;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        <DateTimeField
          label={t('later.when')}
          value={value}
          onChange={setValue}
          min={new Date(now).toISOString()}
          max={new Date(now + sendLaterMaxDays * 86_400_000).toISOString()}
          error={past}
          helperText={past ? t('later.inPast') : undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tCommon('actions.close')}</Button>
        <Button variant="contained" disabled={!value || past} onClick={() => value && onPick(value)}>
          {t('later.schedule')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
