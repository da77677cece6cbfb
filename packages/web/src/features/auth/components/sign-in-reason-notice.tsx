import Alert from '@mui/material/Alert';
import { useTranslation } from '../../../shared/i18n/translation';
import { sessionSeenBefore } from '../../../shared/session/session';

/** Explains why the user landed on the sign-in page (query `reason`). */
export function SignInReasonNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation('auth');
  // A missing session is news only where there was one: a first visit is just the sign-in page.
  if (reason === 'missingExpiryCookie')
    return sessionSeenBefore() ? <Alert severity="info">{t('reason.missingExpiryCookie')}</Alert> : null;
  // Single sign-on came back without a session: why (the provider's check failed, or the address cannot be used).
  if (reason === 'ssoFailed' || reason === 'ssoUnverifiedAddress' || reason === 'ssoUnknownAddress') {
    return (
      <Alert severity="error" role="alert">
        {t(`reason.${reason}`)}
      </Alert>
    );
  }
  if (reason === 'apiRequestUnauthorized') {
    return <Alert severity="warning">{t('reason.apiRequestUnauthorized')}</Alert>;
  }
  return null;
}
