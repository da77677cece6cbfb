import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/translation';

/** Asks for a link's address; an empty one removes the link. Rendered only while open (fresh state). */
export function LinkDialog({
  initialUrl,
  onApply,
  onClose,
}: {
  initialUrl: string;
  onApply: (url: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('editor');
  const [url, setUrl] = useState(initialUrl);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(url.trim());
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      {/* The form inside the dialog, not as its paper: a <form> may not take the dialog role. */}
      <Box component="form" onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{t('link.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('link.url')}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://"
            slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'url' } }}
          />
        </DialogContent>
        <DialogActions>
          {initialUrl && <Button onClick={() => onApply('')}>{t('link.remove')}</Button>}
          <Button onClick={onClose}>{t('link.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('link.apply')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
