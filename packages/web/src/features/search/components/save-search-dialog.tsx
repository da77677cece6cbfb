import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { searchLimits } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSaveSearch } from '../api/saved-searches';

export interface SaveSearchDialogProps {
  userIndex: number;
  query: string;
  onClose: () => void;
}

/** Names a search and saves it; it then shows under the folders. */
export function SaveSearchDialog({ userIndex, query, onClose }: SaveSearchDialogProps) {
  const { t } = useTranslation('search');
  const [name, setName] = useState(query.slice(0, searchLimits.savedSearchNameMax));
  const save = useSaveSearch(userIndex);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    save.mutate({ name: name.trim(), query }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>{t('saved.dialogTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('saved.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: searchLimits.savedSearchNameMax } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('saved.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!name.trim() || save.isPending}>
            {t('saved.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
