import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { layoutSizes } from '../../../shared/ui/layout-sizes';
import { LeaveGuard } from '../../../shared/ui/leave-dialog';

export interface FormDialogProps {
  title: string;
  /** The save is under way: the dialog stays open, Cancel is off and Save shows its progress. */
  pending: boolean;
  /** An error of the whole form (field errors go beside their fields). */
  formError: string | null;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  /** Unsaved changes: leaving the page asks first (the before-leaving confirmation). */
  dirty?: boolean;
  children: ReactNode;
}

/**
 * The frame of the contact and group forms: a dialog that is a form (full screen on phones), its title, an error
 * of the whole form above the fields, and Cancel / Save.
 */
export function FormDialog(props: FormDialogProps) {
  const { title, pending, formError, onSubmit, onClose, dirty = false, children } = props;
  const { t } = useTranslation('contacts');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <>
      <LeaveGuard when={dirty && !pending} />
      <Dialog
        open
        onClose={pending ? undefined : onClose}
        fullScreen={fullScreen}
        aria-labelledby={titleId}
        slotProps={{
          paper: { sx: { width: '100%', maxWidth: layoutSizes.dialogMaxWidth } },
        }}
      >
        {/* The form inside the dialog, not as its paper: a <form> may not take the dialog role. */}
        <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', pt: '8px !important' }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            {children}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={pending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={pending}>
              {t('form.save')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}
