import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LockClockOutlinedIcon from '@mui/icons-material/LockClockOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { signInPath } from '../../../shared/session/session';
import { usePageTitle } from '../../../shared/ui/use-page-title';

export type SecondFactorMethod = 'totp' | 'webauthn';

/** A second-factor step that this build cannot do yet: says so and leads back to the password sign-in. */
export function SecondFactorUnavailable({ method }: { method: SecondFactorMethod }) {
  const { t } = useTranslation('auth');
  const title = t('twoFactor.unavailableTitle');
  usePageTitle(title);
  const Icon = method === 'totp' ? LockClockOutlinedIcon : KeyOutlinedIcon;
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
      <Icon aria-hidden sx={{ fontSize: 40, color: 'text.secondary' }} />
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      <Typography color="text.secondary">{t(`twoFactor.${method}`)}</Typography>
      <Button component={RouterLink} to={signInPath()} variant="outlined" startIcon={<ArrowBackIcon />}>
        {t('twoFactor.backToPassword')}
      </Button>
    </Stack>
  );
}
