import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { outgoingAddressLimits, type OutgoingAddress } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { fieldErrorTexts, reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref } from '../../../shared/routing/app-paths';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { QueryFallback } from '../../../shared/ui/query-view';
import {
  useDeleteOutgoingAddress,
  useOutgoingAddresses,
  useRenameOutgoingAddress,
} from '../api/outgoing-addresses';
import { OutgoingAddressForm } from './outgoing-address-form';
import { OutgoingAddressRow } from './outgoing-address-row';

/**
 * Page OutgoingAddresses (settings/account/addresses, below Account): the addresses the user may send as besides
 * the account's own. Adding one mails it a code and a link; once confirmed it is a From choice in the composer.
 * Rename (the name in the From) and delete (after asking).
 */
export function OutgoingAddressesPage() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('settings');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const list = useOutgoingAddresses(userIndex);
  // Here, not in the dialog: the dialog closes at once and the outcome still shows.
  const remove = useDeleteOutgoingAddress(userIndex);
  const [renaming, setRenaming] = useState<OutgoingAddress | null>(null);
  const [deleting, setDeleting] = useState<OutgoingAddress | null>(null);

  return (
    <Box sx={{ maxWidth: 760, display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Button
          component={RouterLink}
          to={appHref('Account', { userIndex })}
          startIcon={<ArrowBackIcon />}
          sx={{ mb: 1 }}
        >
          {t('pages.account')}
        </Button>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('outgoingAddresses.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('outgoingAddresses.intro', { max: outgoingAddressLimits.max })}
        </Typography>
      </Box>
      <OutgoingAddressForm userIndex={userIndex} />
      {!list.data ? (
        <QueryFallback query={list} loadFailed={t('outgoingAddresses.loadFailed')} />
      ) : list.data.addresses.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('outgoingAddresses.empty')}</Typography>
      ) : (
        <List aria-label={t('outgoingAddresses.title')} disablePadding>
          {list.data.addresses.map((entry) => (
            <OutgoingAddressRow
              key={entry.id}
              userIndex={userIndex}
              entry={entry}
              onRename={setRenaming}
              onDelete={setDeleting}
            />
          ))}
        </List>
      )}
      {renaming && <RenameDialog userIndex={userIndex} entry={renaming} onClose={() => setRenaming(null)} />}
      {deleting && (
        <DeleteDialog
          entry={deleting}
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            setDeleting(null);
            remove.mutate(deleting.id, {
              onSuccess: () => snackbar.show({ type: 'success', message: t('outgoingAddresses.deleted') }),
              onError: (e) =>
                snackbar.show({
                  type: 'error',
                  message: reasonText(e, tErrors) ?? t('outgoingAddresses.deleteFailed'),
                }),
            });
          }}
        />
      )}
    </Box>
  );
}

function RenameDialog({
  userIndex,
  entry,
  onClose,
}: {
  userIndex: number;
  entry: OutgoingAddress;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const rename = useRenameOutgoingAddress(userIndex);
  const [name, setName] = useState(entry.name);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: entry.id, name: name.trim() },
      {
        onSuccess: () => {
          snackbar.show({ type: 'success', message: t('outgoingAddresses.edited') });
          onClose();
        },
        onError: (e) =>
          setError(
            fieldErrorTexts(e, tErrors).name?.[0] ??
              reasonText(e, tErrors) ??
              t('outgoingAddresses.editFailed'),
          ),
      },
    );
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle>{t('outgoingAddresses.renameTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>{entry.address}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label={t('outgoingAddresses.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error !== null}
          helperText={error ?? t('outgoingAddresses.nameHelp')}
          slotProps={{ htmlInput: { maxLength: outgoingAddressLimits.nameMaxLength } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('outgoingAddresses.cancel')}</Button>
        <Button type="submit" variant="contained" loading={rename.isPending}>
          {t('account.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteDialog({
  entry,
  onClose,
  onConfirm,
}: {
  entry: OutgoingAddress;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{t('outgoingAddresses.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {t('outgoingAddresses.deleteText', { address: entry.address })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('outgoingAddresses.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {t('outgoingAddresses.confirmDelete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
