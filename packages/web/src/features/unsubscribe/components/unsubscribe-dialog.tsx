import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { addressLabel } from '../../../shared/format/address-label';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useSaveFilter } from '../../filters/api/filters';
import { blockSenderFilter, useTrashSenderMail, useUnsubscribe } from '../api/unsubscribe';
import type { UnsubscribeTarget } from './unsubscribe-button';

/**
 * Asks before unsubscribing (what will happen depends on the way the message offers), then says what was done and
 * offers to move the sender's mail already received to Trash or to block the sender with a filter. A list that
 * unsubscribes on its own page gets a link the user opens (a tab opened by script after the answer would be
 * blocked as a pop-up).
 */
export function UnsubscribeDialog(props: UnsubscribeTarget & { onClose: () => void }) {
  const { userIndex, mailboxId, messageId, sender, methods, canBlock, onClose } = props;
  const { t } = useTranslation(['unsubscribe', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const titleId = useId();
  const unsubscribe = useUnsubscribe(userIndex);
  const trash = useTrashSenderMail(userIndex);
  const block = useSaveFilter(userIndex);
  const name = addressLabel(sender) || sender?.address || '';
  const address = sender?.address ?? '';
  const result = unsubscribe.data;
  const failed = (error: unknown) => snackbar.show({ type: 'error', message: errorMessage(error, tErrors) });

  const trashMail = () =>
    trash.mutate(address, {
      onSuccess: (answer) =>
        snackbar.show({ type: 'success', message: t('done.trashed', { count: answer.handled }) }),
      onError: failed,
    });
  const blockSender = () =>
    block.mutate(
      { id: null, body: blockSenderFilter(address, t('filterName', { sender: address })) },
      {
        onSuccess: () => snackbar.show({ type: 'success', message: t('done.blocked', { sender: name }) }),
        onError: failed,
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{result ? t('done.title') : t('confirm.title')}</DialogTitle>
      <DialogContent>
        {!result && <Typography>{t(`confirm.${methods[0] ?? 'url'}`, { sender: name })}</Typography>}
        {unsubscribe.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(unsubscribe.error, tErrors)}
          </Alert>
        )}
        {result && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
            <Typography>{t(`done.${result.method}`)}</Typography>
            {result.url && (
              <Button variant="contained" href={result.url} target="_blank" rel="noopener noreferrer">
                {t('done.openPage')}
              </Button>
            )}
            {address && (
              <>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('done.offer', { sender: name })}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  <Button
                    variant="outlined"
                    onClick={trashMail}
                    disabled={trash.isPending || trash.isSuccess}
                  >
                    {t('done.trash')}
                  </Button>
                  {canBlock && (
                    <Button
                      variant="outlined"
                      onClick={blockSender}
                      disabled={block.isPending || block.isSuccess}
                    >
                      {t('done.block')}
                    </Button>
                  )}
                </Box>
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('confirm.cancel')}</Button>
            <Button
              variant="contained"
              loading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate({ mailboxId, messageId })}
            >
              {t('confirm.action')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
