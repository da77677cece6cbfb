import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { passkeyNameMax, type WebauthnCredential } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { useDateFormat } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from '../api/two-factor';

/** The name dialog for adding or renaming a passkey. */
function NameDialog(props: {
  title: string;
  initial: string;
  open: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const { t } = useTranslation('security');
  const [name, setName] = useState(props.initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) props.onSubmit(name.trim());
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          {props.error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {props.error}
            </Alert>
          )}
          <TextField
            label={t('passkeys.name')}
            autoFocus
            fullWidth
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: passkeyNameMax } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={props.busy} disabled={!name.trim()}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Passkeys: list (name, added, last used), add with a name, rename, remove. */
export function PasskeysSection(props: {
  userIndex: number;
  passkeys: WebauthnCredential[];
  guard: (action: () => void) => void;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const dates = useDateFormat();
  const { t } = useTranslation('security');
  const snackbar = useSnackbar();
  const add = useAddPasskey(props.userIndex);
  const rename = useRenamePasskey(props.userIndex);
  const remove = useRemovePasskey(props.userIndex);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<WebauthnCredential | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submitAdd = (name: string) =>
    add.mutate(name, {
      onSuccess: (result) => {
        setAdding(false);
        snackbar.show({ type: 'success', message: t('passkeys.added', { name }) });
        if (result.recoveryCodes) props.onRecoveryCodes(result.recoveryCodes);
      },
      onError: (e) => setError(isApiRequestError(e) ? t('passkeys.rejected') : t('passkeys.cancelled')),
    });
  return (
    <Box component="section" aria-labelledby="passkeys-title" sx={{ mb: 4 }}>
      <Typography id="passkeys-title" component="h2" variant="h6" sx={{ mb: 0.5 }}>
        {t('passkeys.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('passkeys.help')}
      </Typography>
      {props.passkeys.length === 0 ? (
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('passkeys.none')}
        </Typography>
      ) : (
        <List aria-label={t('passkeys.title')}>
          {props.passkeys.map((key) => (
            <ListItem
              key={key.id}
              disableGutters
              secondaryAction={
                <>
                  <IconButton
                    aria-label={t('passkeys.rename', { name: key.name })}
                    onClick={() => setRenaming(key)}
                  >
                    <EditOutlinedIcon />
                  </IconButton>
                  <IconButton
                    edge="end"
                    aria-label={t('passkeys.remove', { name: key.name })}
                    onClick={() => props.guard(() => remove.mutate(key.id))}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                </>
              }
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <KeyOutlinedIcon />
              </ListItemIcon>
              <ListItemText
                primary={key.name}
                secondary={[
                  t('passkeys.created', { date: dates.full(new Date(key.createdAt)) }),
                  key.lastUsedAt
                    ? t('passkeys.lastUsed', { date: dates.full(new Date(key.lastUsedAt)) })
                    : t('passkeys.neverUsed'),
                ].join(' · ')}
                sx={{ pr: 10 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Button
        variant="outlined"
        startIcon={<KeyOutlinedIcon />}
        onClick={() =>
          props.guard(() => {
            setError(null);
            setAdding(true);
          })
        }
      >
        {t('passkeys.add')}
      </Button>
      {adding && (
        <NameDialog
          title={t('passkeys.addTitle')}
          initial=""
          open
          busy={add.isPending}
          error={error}
          onClose={() => setAdding(false)}
          onSubmit={submitAdd}
        />
      )}
      {renaming && (
        <NameDialog
          title={t('passkeys.renameTitle')}
          initial={renaming.name}
          open
          busy={rename.isPending}
          error={null}
          onClose={() => setRenaming(null)}
          onSubmit={(name) =>
            rename.mutate({ id: renaming.id, name }, { onSuccess: () => setRenaming(null) })
          }
        />
      )}
    </Box>
  );
}
