import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { LoginStepResponse } from '@webmail/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useLogin } from '../api/login';
import { loginErrorsFrom, noLoginErrors, validateLogin, type LoginFormErrors } from '../lib/login-form';
import { PasswordField } from './password-field';

export interface PasswordLoginFormProps {
  /** Prefilled address (the user-select page sends a signed-out account here with its e-mail). */
  initialEmail?: string;
  /** Signed in, or a second factor is needed (the response says which); `email` as typed. */
  onSignedIn: (response: LoginStepResponse, email: string) => void;
  /** A valid form was sent (the route starts loading the mailbox's code while the server checks). */
  onSubmitted?: () => void;
}

/** E-mail and password sign-in (route AuthLoginPassword). Errors stay in the form. */
export function PasswordLoginForm({ initialEmail = '', onSignedIn, onSubmitted }: PasswordLoginFormProps) {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation(['errors', 'auth']);
  const loginMutation = useLogin();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginFormErrors>(noLoginErrors);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const focusFirstInvalid = (next: LoginFormErrors) => {
    if (next.fields.email) emailRef.current?.focus();
    else if (next.fields.password) passwordRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { email: email.trim(), password };
    const fields = validateLogin(values, tErrors);
    if (Object.keys(fields).length > 0) {
      const next = { fields, form: null };
      setErrors(next);
      focusFirstInvalid(next);
      return;
    }
    setErrors(noLoginErrors);
    onSubmitted?.();
    loginMutation.mutate(values, {
      onSuccess: (response) => onSignedIn(response, values.email),
      onError: (error) => {
        const next = loginErrorsFrom(error, tErrors);
        setErrors(next);
        focusFirstInvalid(next);
      },
    });
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label={t('password.formLabel')}>
      {errors.form && (
        <Alert severity="error" role="alert">
          {errors.form}
        </Alert>
      )}
      <TextField
        inputRef={emailRef}
        label={t('password.email')}
        type="email"
        name="email"
        autoComplete="username"
        autoFocus={!initialEmail}
        fullWidth
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(errors.fields.email)}
        helperText={errors.fields.email}
        slotProps={{
          // Both fields are required; an asterisk on a two-field sign-in form is noise (aria-required stays).
          inputLabel: { required: false },
          htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false },
        }}
      />
      <PasswordField
        inputRef={passwordRef}
        label={t('password.password')}
        name="password"
        autoComplete="current-password"
        autoFocus={Boolean(initialEmail)}
        fullWidth
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(errors.fields.password)}
        helperText={errors.fields.password}
        slotProps={{ inputLabel: { required: false } }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={loginMutation.isPending}>
        {t('password.submit')}
      </Button>
    </Stack>
  );
}
