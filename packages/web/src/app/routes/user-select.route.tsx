import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { productName, type AccountEntry } from '@webmail/contracts';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAccounts } from '../../features/accounts/api/get-accounts';
import { AccountChooser } from '../../features/accounts/components/account-chooser';
import { SignInReasonNotice } from '../../features/auth/components/sign-in-reason-notice';
import { useTranslation } from '../../shared/i18n/translation';
import {
  hasActiveSession,
  parseSignInReason,
  parseUserIndex,
  signInPath,
  userHomePath,
} from '../../shared/session/session';

/**
 * Route AuthLoginUserSelect (/login, query `uid` highlights one account, `reason` explains the visit). Choosing a
 * signed-in account opens its mailbox; a signed-out one asks for its password with the address filled in. Without
 * any remembered account the password sign-in serves instead.
 */
export function UserSelectRoute() {
  const { t } = useTranslation(['accounts', 'common']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const accounts = useAccounts();
  const reason = searchParams.get('reason');
  const selectedUid = parseUserIndex(searchParams.get('uid') ?? undefined);

  if (accounts.data?.length === 0) {
    return <Navigate to={signInPath(parseSignInReason(reason))} replace />;
  }

  const choose = (account: AccountEntry) => {
    void navigate(
      hasActiveSession(account.uid) ? userHomePath(account.uid) : signInPath(undefined, account.email),
    );
  };

  return (
    <Stack spacing={3}>
      <div>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 400, mb: 1 }}>
          {t('userSelect.title')}
        </Typography>
        <Typography color="text.secondary">{t('userSelect.subtitle', { product: productName })}</Typography>
      </div>
      <SignInReasonNotice reason={reason} />
      {accounts.data ? (
        <AccountChooser
          accounts={accounts.data}
          selectedUid={selectedUid}
          onChoose={choose}
          onUseAnother={() => void navigate(signInPath())}
        />
      ) : accounts.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void accounts.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        >
          {t('userSelect.loadFailed')}
        </Alert>
      ) : (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('common:status.loading')}>
          {[0, 1].map((row) => (
            <Stack key={row} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Skeleton variant="circular" width={40} height={40} />
              <Stack sx={{ flex: 1 }}>
                <Skeleton width="45%" />
                <Skeleton width="70%" />
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
