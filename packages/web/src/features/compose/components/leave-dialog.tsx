import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';

/** The before-leaving confirmation. */
export function LeaveDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('compose');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>{t('leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('leave.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave}>{t('leave.leave')}</Button>
        <Button onClick={onStay} variant="contained" autoFocus>
          {t('leave.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
