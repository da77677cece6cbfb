import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useTakeOverScript } from '../api/filters';

export interface ForeignScriptNoticeProps {
  /**
   * Another program's script is the active one. The confirmation stays mounted either way: taking over ends the
   * notice, and the take-over's own success notice must still come.
   */
  shown: boolean;
  scriptName: string;
  onFailed: (e: unknown) => void;
}

/**
 * Another program's Sieve script is the active one: the page says so and offers ours instead, behind a
 * confirmation (the other script stays on the server).
 */
export function ForeignScriptNotice({ shown, scriptName, onFailed }: ForeignScriptNoticeProps) {
  const { t } = useTranslation('filters');
  const snackbar = useSnackbar();
  const takeOver = useTakeOverScript(useUserIndex());
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    takeOver.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        snackbar.show({ type: 'success', message: t('foreign.done') });
      },
      onError: (e) => {
        setAsking(false);
        onFailed(e);
      },
    });
  return (
    <>
      {shown && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => setAsking(true)}>
              {t('foreign.useOurs')}
            </Button>
          }
        >
          {t('foreign.notice', { name: scriptName })}
        </Alert>
      )}
      <ConfirmDialog
        open={asking}
        title={t('foreign.confirmTitle')}
        message={t('foreign.confirmText', { name: scriptName })}
        confirmLabel={t('foreign.useOurs')}
        cancelLabel={t('cancel')}
        pending={takeOver.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
