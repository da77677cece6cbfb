import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LoginResponse, TwoFactorMethod } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { useTranslation } from '../../../shared/i18n/translation';
import { signInPath } from '../../../shared/session/session';
import { usePasskeySignIn, useSecondFactorCode } from '../api/second-factor-login';
import { secondFactorPath, type PendingSignInState } from '../lib/after-sign-in';

export interface SecondFactorStepProps {
  state: PendingSignInState;
  onSignedIn: (response: LoginResponse) => void;
}

/** The failure of a second step, in words (wrong code, used code, locked, expired). */
function useStepError() {
  const { t } = useTranslation('auth');
  return (error: unknown): string => {
    if (!isApiRequestError(error)) return t('twoFactor.errors.failed');
    if (error.status === 429) return t('twoFactor.errors.locked');
    switch (error.reason) {
      case 'codeAlreadyUsed':
        return t('twoFactor.errors.codeAlreadyUsed');
      case 'signInExpired':
        return t('twoFactor.errors.expired');
      case 'passkeyRejected':
        return t('twoFactor.errors.passkeyRejected');
      case 'wrongCode':
        return t('twoFactor.errors.wrongCode');
      default:
        return error.status === 401 ? t('twoFactor.errors.wrongCode') : t('twoFactor.errors.failed');
    }
  };
}

/** Links to the account's other method and back to the password page. */
function OtherWays({ state, current }: { state: PendingSignInState; current: TwoFactorMethod }) {
  const { t } = useTranslation('auth');
  const other = state.pending.methods.find((m) => m !== current);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start', ml: -1 }}>
      {other && (
        <Button component={RouterLink} to={secondFactorPath(other)} state={state} replace>
          {t(`twoFactor.use.${other}`)}
        </Button>
      )}
      <Button component={RouterLink} to={signInPath(undefined, state.email)} startIcon={<ArrowBackIcon />}>
        {t('twoFactor.backToPassword')}
      </Button>
    </Stack>
  );
}

/** Route AuthTotp: the code from an authenticator app, or a recovery code. */
export function TotpStep({ state, onSignedIn }: SecondFactorStepProps) {
  const { t } = useTranslation('auth');
  const title = t('twoFactor.totp.title');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useSecondFactorCode();
  const errorText = useStepError();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (value.length < 6) {
      setError(t('twoFactor.errors.codeRequired'));
      return;
    }
    setError(null);
    mutation.mutate(
      { id: state.pending.id, code: value },
      { onSuccess: onSignedIn, onError: (e) => setError(errorText(e)) },
    );
  };
  return (
    <Stack spacing={3}>
      <div>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 400, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{t('twoFactor.totp.help', { email: state.email })}</Typography>
      </div>
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label={title}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label={t('twoFactor.totp.code')}
          name="one-time-code"
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          value={code}
          onChange={(event) => setCode(event.target.value)}
          helperText={t('twoFactor.totp.recoveryHint')}
          slotProps={{
            htmlInput: { inputMode: 'text', autoCapitalize: 'none', spellCheck: false, maxLength: 32 },
          }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
          {t('twoFactor.verify')}
        </Button>
      </Stack>
      <OtherWays state={state} current="totp" />
    </Stack>
  );
}

/** Route AuthWebauthn: a passkey (security key, phone, the device's own). */
export function PasskeyStep({ state, onSignedIn }: SecondFactorStepProps) {
  const { t } = useTranslation('auth');
  const title = t('twoFactor.webauthn.title');
  const [error, setError] = useState<string | null>(null);
  const mutation = usePasskeySignIn();
  const errorText = useStepError();
  const start = () => {
    setError(null);
    mutation.mutate(state.pending.id, {
      onSuccess: onSignedIn,
      // The browser's own refusal (cancelled, timed out, no matching key) is no API error.
      onError: (e) => setError(isApiRequestError(e) ? errorText(e) : t('twoFactor.errors.passkeyCancelled')),
    });
  };
  return (
    <Stack spacing={3}>
      <div>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 400, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{t('twoFactor.webauthn.help', { email: state.email })}</Typography>
      </div>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        startIcon={<KeyOutlinedIcon />}
        loading={mutation.isPending}
        onClick={start}
      >
        {t('twoFactor.webauthn.start')}
      </Button>
      <OtherWays state={state} current="webauthn" />
    </Stack>
  );
}
