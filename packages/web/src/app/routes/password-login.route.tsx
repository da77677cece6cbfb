import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { productName, type LoginResponse } from '@webmail/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { accountsKeys } from '../../features/accounts/api/accounts.keys';
import { PasswordLoginForm } from '../../features/auth/components/password-login-form';
import { SignInReasonNotice } from '../../features/auth/components/sign-in-reason-notice';
import { useTranslation } from '../../shared/i18n/translation';
import { usePageTitle } from '../../shared/ui/use-page-title';

/** Route AuthLoginPassword: /login/password. */
export function PasswordLoginRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  usePageTitle(t('password.title'));

  const onSignedIn = (response: LoginResponse) => {
    void queryClient.invalidateQueries({ queryKey: accountsKeys.all });
    void navigate(`/u/${response.userIndex}`, { replace: true });
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
      <PasswordLoginForm onSignedIn={onSignedIn} />
    </Stack>
  );
}
