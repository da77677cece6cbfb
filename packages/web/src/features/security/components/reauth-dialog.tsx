import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { useTranslation } from '../../../shared/i18n/translation';
import { useReauthenticate, useTwoFactor } from '../api/two-factor';

/** Whether an error asks for a re-authentication first. */
export const needsReauth = (error: unknown) =>
  isApiRequestError(error) && error.reason === 'reauthenticationRequired';

/**
 * Every change of the second factors (and a new application password) needs the password confirmed within the
 * last minutes. `guard(action)` runs the action at once inside that window, else asks for the password first;
 * `retry(action)` is for an action the server refused for that reason after all.
 */
export function useReauthGate(userIndex: number): {
  guard: (action: () => void) => void;
  dialog: ReactNode;
} {
  const status = useTwoFactor(userIndex);
  const pending = useRef<(() => void) | null>(null);
  const [open, setOpen] = useState(false);
  const guard = (action: () => void) => {
    const until = status.data?.reauthenticatedUntil ?? 0;
    if (until > Date.now() + 15_000) {
      action();
      return;
    }
    pending.current = action;
    setOpen(true);
  };
  const dialog = (
    <ReauthDialog
      userIndex={userIndex}
      open={open}
      onClose={() => setOpen(false)}
      onConfirmed={() => {
        setOpen(false);
        const action = pending.current;
        pending.current = null;
        action?.();
      }}
    />
  );
  return { guard, dialog };
}

function ReauthDialog(props: {
  userIndex: number;
  open: boolean;
  onClose: () => void;
  onConfirmed: () => void;
}) {
  const { t } = useTranslation('security');
  const [secret, setSecret] = useState('');
  // The password, or (with two-step sign-in on) a current code from the app or a recovery code.
  const [withCode, setWithCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useReauthenticate(props.userIndex);
  const hasSecondFactor = (useTwoFactor(props.userIndex).data?.methods.length ?? 0) > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!secret.trim()) return;
    mutation.mutate(withCode ? { code: secret.trim() } : { password: secret }, {
      onSuccess: () => {
        setSecret('');
        setError(null);
        props.onConfirmed();
      },
      onError: (e) =>
        setError(
          isApiRequestError(e) && e.status === 429
            ? t('reauth.locked')
            : withCode
              ? t('reauth.wrongCode')
              : t('reauth.wrong'),
        ),
    });
  };
  const switchMode = () => {
    setWithCode((value) => !value);
    setSecret('');
    setError(null);
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('reauth.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('reauth.help')}</DialogContentText>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            key={withCode ? 'code' : 'password'}
            label={withCode ? t('reauth.code') : t('reauth.password')}
            type={withCode ? 'text' : 'password'}
            autoComplete={withCode ? 'one-time-code' : 'current-password'}
            autoFocus
            fullWidth
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
          />
          {hasSecondFactor && (
            <Button onClick={switchMode} sx={{ mt: 1, ml: -1 }}>
              {withCode ? t('reauth.usePassword') : t('reauth.useCode')}
            </Button>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={mutation.isPending} disabled={!secret.trim()}>
            {t('reauth.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
