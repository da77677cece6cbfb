import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Signature } from '@webmail/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref } from '../../../shared/routing/app-paths';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { pageFallback } from '../../../shared/ui/load-failed-alert';
import { useDeleteSignature, useSignatures, useUpdateSignature } from '../api/signatures';
import { htmlLines } from '../../../shared/format/html-text';
import { Tooltip } from '../../../shared/ui/tooltip';

/** At most three of its lines, each cut at the row's end. */
const previewSx = {
  whiteSpace: 'pre-line',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

/** A signature as text, line by line as it is written (the list shows no HTML of its own). */
const preview = (html: string) => htmlLines(html).join('\n');

/**
 * Page Signature (settings/signatures): the signatures, the default first; make one the default, edit, delete
 * (after asking). New and edit open SignatureEdit.
 */
export function SignaturesPage() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('signatures');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const list = useSignatures(userIndex);
  const update = useUpdateSignature(userIndex);
  const remove = useDeleteSignature(userIndex);
  const [deleting, setDeleting] = useState<Signature | null>(null);

  const fallback = pageFallback(list, { loadFailed: t('loadFailed'), retry: t('retry') });
  if (fallback || !list.data) return fallback;
  const signatures = list.data.signatures;
  const editHref = (id?: string) => appHref('SignatureEdit', { userIndex, signatureId: id });

  const makeDefault = (signature: Signature) =>
    update.mutate(
      { id: signature.id, patch: { default: true } },
      {
        onSuccess: () =>
          snackbar.show({ type: 'success', message: t('madeDefault', { name: signature.name }) }),
        onError: (e) => snackbar.show({ type: 'error', message: reasonText(e, tErrors) ?? t('saveFailed') }),
      },
    );
  const confirmDelete = () => {
    const signature = deleting;
    setDeleting(null);
    if (!signature) return;
    remove.mutate(signature.id, {
      onSuccess: () => snackbar.show({ type: 'success', message: t('deleted', { name: signature.name }) }),
    });
  };

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('intro')}
      </Typography>
      <Button
        component={RouterLink}
        to={editHref()}
        variant="contained"
        startIcon={<AddIcon />}
        sx={{ mb: 2 }}
      >
        {t('new')}
      </Button>
      {signatures.length === 0 ? (
        <Typography variant="body2">{t('none')}</Typography>
      ) : (
        <List aria-label={t('listLabel')}>
          {signatures.map((signature) => (
            <ListItem
              key={signature.id}
              disableGutters
              divider
              sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1, alignItems: 'center' }}
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{signature.name}</span>
                    {signature.default && <Chip size="small" color="primary" label={t('default')} />}
                  </Stack>
                }
                secondary={preview(signature.html) || t('empty')}
                slotProps={{ secondary: { sx: previewSx } }}
                sx={{ minWidth: 0, flex: '1 1 240px' }}
              />
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0, ml: 'auto' }}>
                {!signature.default && (
                  <Button size="small" onClick={() => makeDefault(signature)}>
                    {t('makeDefault')}
                  </Button>
                )}
                <Tooltip title={t('edit', { name: signature.name })}>
                  <IconButton
                    component={RouterLink}
                    to={editHref(signature.id)}
                    aria-label={t('edit', { name: signature.name })}
                  >
                    <EditOutlinedIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('delete', { name: signature.name })}>
                  <IconButton
                    aria-label={t('delete', { name: signature.name })}
                    onClick={() => setDeleting(signature)}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                </Tooltip>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('confirmTitle', { name: deleting?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirmDelete}>
            {t('confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
