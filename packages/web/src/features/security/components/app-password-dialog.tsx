import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ClipboardEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { groupsOfFour } from '../lib/recovery-codes-file';

/** A mail app gets the password as it was made: the groups of four are only for reading. */
const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

/**
 * A new application password, shown once in groups of four. What leaves the dialog is the password without
 * spaces, whether by the copy button or by selecting the text: some mail apps (and IMAP clients such as curl)
 * send a pasted space along, and the mail server's grouped form covers only the exact grouping shown here.
 */
export function AppPasswordDialog(props: {
  shown: { password: string; description: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('security');
  const [copied, setCopied] = useState(false);
  const shownRef = useRef<HTMLElement>(null);
  const password = props.shown?.password ?? '';
  const copy = async () => {
    await navigator.clipboard.writeText(withoutSpaces(password));
    setCopied(true);
  };
  // On the whole dialog: a copy event goes to the focused element (the dialog), not to the selected text.
  const onCopy = (event: ClipboardEvent) => {
    const selection = window.getSelection();
    const shown = shownRef.current;
    if (!selection || selection.rangeCount === 0 || !shown) return;
    if (!selection.getRangeAt(0).intersectsNode(shown)) return;
    event.clipboardData.setData('text/plain', withoutSpaces(selection.toString()));
    event.preventDefault();
  };
  const close = () => {
    setCopied(false);
    props.onClose();
  };
  return (
    <Dialog open={props.shown !== null} onClose={close} onCopy={onCopy} fullWidth maxWidth="xs">
      <DialogTitle>{t('asps.shownTitle', { name: props.shown?.description ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography
            ref={shownRef}
            aria-label={t('asps.passwordLabel')}
            sx={{
              fontFamily: 'monospace',
              fontSize: 24,
              textAlign: 'center',
              py: 1,
              bgcolor: 'action.hover',
            }}
          >
            {groupsOfFour(password)}
          </Typography>
          <Alert severity="warning">{t('asps.shownOnce')}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {copied ? t('asps.copied') : t('asps.copy')}
        </Button>
        <Button variant="contained" onClick={close}>
          {t('recovery.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
