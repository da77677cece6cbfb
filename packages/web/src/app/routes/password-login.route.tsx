import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { productName, type LoginStepResponse } from '@webmail/contracts';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAccounts } from '../../features/accounts/api/get-accounts';
import { PasswordLoginForm } from '../../features/auth/components/password-login-form';
import { SignInReasonNotice } from '../../features/auth/components/sign-in-reason-notice';
import { SingleSignOnButton } from '../../features/auth/components/single-sign-on-button';
import { useSignInOptions } from '../../features/auth/api/get-sign-in-options';
import { isSignedIn, pathAfterPasswordSignIn } from '../../features/auth/lib/after-sign-in';
import { useTranslation } from '../../shared/i18n/translation';
import { userSelectPath } from '../../shared/session/session';
import { preloadMailArea } from './preload-mail-area';

/** Route AuthLoginPassword: /login/password (`email` prefills the address, `reason` explains why the user is here). */
export function PasswordLoginRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const accounts = useAccounts();
  const options = useSignInOptions();

  const onSignedIn = (response: LoginStepResponse, email: string) => {
    // A second step gets the pending sign-in as router state (never in the address: it is a credential).
    const state = isSignedIn(response) ? undefined : { pending: response.secondFactor, email };
    void navigate(pathAfterPasswordSignIn(response), { replace: isSignedIn(response), state });
  };

  return (
    <Stack spacing={3}>
      <div>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 400, mb: 1 }}>
          {t('password.title')}
        </Typography>
        <Typography color="text.secondary">{t('password.subtitle', { product: productName })}</Typography>
      </div>
      <SignInReasonNotice reason={searchParams.get('reason')} />
      {options?.singleSignOn && (
        <SingleSignOnButton provider={options.singleSignOn} reason={searchParams.get('reason')} />
      )}
      {options?.password !== false && (
        <PasswordLoginForm
          initialEmail={searchParams.get('email') ?? ''}
          onSignedIn={onSignedIn}
          onSubmitted={preloadMailArea}
        />
      )}
      {accounts.data && accounts.data.length > 0 && (
        // In a plain block: Stack's spacing resets the children's side margins, and the negative one lines the
        // arrow up with the fields' edge.
        <div>
          <Button component={RouterLink} to={userSelectPath()} startIcon={<ArrowBackIcon />} sx={{ ml: -1 }}>
            {t('password.chooseAccount')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
