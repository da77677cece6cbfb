import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';

export interface ConfirmDeleteDialogProps {
  /** How many messages; null when the dialog is closed. */
  count: number | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Deleting from Trash or Junk cannot be undone, so it asks first. */
export function ConfirmDeleteDialog({ count, onConfirm, onCancel }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('messages');
  const titleId = useId();
  const shown = count ?? 0;
  return (
    <Dialog open={count !== null} onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('confirmDelete.title', { count: shown })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('confirmDelete.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('confirmDelete.cancel')}</Button>
        <Button onClick={onConfirm} color="error" variant="contained" autoFocus>
          {t('confirmDelete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
