import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { passwordLimits } from '@webmail/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { formErrorsOf } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { QueryFallback } from '../../../shared/ui/query-view';
import { useMe } from '../../auth/api/get-me';
import { useChangePassword, usePasswordSupport } from '../api/account-security';
import { passwordScore } from '../lib/password-strength';

const strengthColors = ['error', 'error', 'warning', 'success', 'success'] as const;

/** The estimated strength of the typed password, as a bar and a word. */
function StrengthMeter({ password, userInputs }: { password: string; userInputs: string[] }) {
  const { t } = useTranslation('security');
  const [score, setScore] = useState<number | null>(null);
  const inputs = userInputs.join('\n');
  useEffect(() => {
    let live = true;
    void passwordScore(password, inputs.split('\n')).then((s) => live && setScore(s));
    return () => {
      live = false;
    };
  }, [password, inputs]);
  if (!password || score === null) return null;
  return (
    <Box aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={(score + 1) * 20}
        color={strengthColors[score]}
        aria-label={t('password.strengthLabel')}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t(`password.strength.${score as 0 | 1 | 2 | 3 | 4}`)}
      </Typography>
    </Box>
  );
}

/**
 * Page AccountPassword (settings/security/password): current password, the new one twice and its estimated strength.
 * After the change this browser stays signed in; every other session of the account ends.
 */
export function PasswordPage() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('security');
  const { t: tErrors } = useTranslation('errors');
  const support = usePasswordSupport(userIndex);
  const me = useMe(userIndex);
  const change = useChangePassword(userIndex);
  const snackbar = useSnackbar();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', repeat: '' });
  const [errors, setErrors] = useState<{
    fields: Partial<Record<keyof typeof values, string>>;
    form: string | null;
  }>({
    fields: {},
    form: null,
  });
  if (!support.data) return <QueryFallback query={support} loadFailed={t('loadFailed')} />;
  if (!support.data.supported) return <Alert severity="info">{t('password.unsupported')}</Alert>;
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Partial<Record<keyof typeof values, string>> = {};
    if (!values.currentPassword) fields.currentPassword = t('password.required');
    if (values.newPassword.length < passwordLimits.min)
      fields.newPassword = t('password.tooShort', { min: passwordLimits.min });
    if (values.repeat !== values.newPassword) fields.repeat = t('password.mismatch');
    if (Object.keys(fields).length > 0) {
      setErrors({ fields, form: null });
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues({ currentPassword: '', newPassword: '', repeat: '' });
          setErrors({ fields: {}, form: null });
          snackbar.show({ type: 'success', message: t('password.changed') });
        },
        onError: (e) =>
          setErrors(
            isApiRequestError(e) && e.status === 422
              ? formErrorsOf(e, tErrors, ['currentPassword', 'newPassword'] as const, (texts) => texts[0])
              : {
                  fields: {},
                  form:
                    isApiRequestError(e) && e.status === 429 ? t('password.locked') : t('password.failed'),
                },
          ),
      },
    );
  };
  const email = me.data?.email ?? '';
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 480 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('password.intro')}
      </Typography>
      {errors.form && (
        <Alert severity="error" role="alert">
          {errors.form}
        </Alert>
      )}
      {/* For password managers: the account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={t('password.current')}
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={set('currentPassword')}
        error={Boolean(errors.fields.currentPassword)}
        helperText={errors.fields.currentPassword}
      />
      <TextField
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set('newPassword')}
        error={Boolean(errors.fields.newPassword)}
        helperText={errors.fields.newPassword ?? t('password.hint', { min: passwordLimits.min })}
      />
      <StrengthMeter
        password={values.newPassword}
        userInputs={[email, ...(me.data?.name.split(' ') ?? [])]}
      />
      <TextField
        label={t('password.repeat')}
        type="password"
        autoComplete="new-password"
        value={values.repeat}
        onChange={set('repeat')}
        error={Boolean(errors.fields.repeat)}
        helperText={errors.fields.repeat}
      />
      <div>
        <Button type="submit" variant="contained" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </div>
    </Stack>
  );
}
