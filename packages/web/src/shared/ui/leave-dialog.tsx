import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from '../i18n/translation';
import { useLeaveGuard } from './use-leave-guard';

export interface LeaveDialogTexts {
  title: string;
  text: string;
  stay: string;
  leave: string;
}

/**
 * The before-leaving confirmation: leave (the changes are lost) or stay (everything typed is kept). The texts say
 * what would be lost; without `texts` the general "unsaved changes" ones.
 */
export function LeaveDialog({
  open,
  onStay,
  onLeave,
  texts,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
  texts?: LeaveDialogTexts;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const textId = useId();
  const shown = texts ?? {
    title: t('leave.title'),
    text: t('leave.text'),
    stay: t('leave.stay'),
    leave: t('leave.leave'),
  };
  return (
    <Dialog
      open={open}
      onClose={onStay}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{shown.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{shown.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave}>{shown.leave}</Button>
        <Button onClick={onStay} variant="contained" autoFocus>
          {shown.stay}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A form's guard in one line: while `when` (unsaved changes), leaving the page asks leave-or-stay and closing the
 * tab warns. Render it inside the form's component.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const guard = useLeaveGuard(when);
  return <LeaveDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />;
}
