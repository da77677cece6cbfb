import Alert from '@mui/material/Alert';
import LockClockOutlinedIcon from '@mui/icons-material/LockClockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TotpSetup } from '@webmail/contracts';
import { useState } from 'react';
import { useMe } from '../../auth/api/get-me';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { PaneLoader } from '../../../shared/ui/pane-loader';
import { useRegenerateRecoveryCodes, useTotpDisable, useTotpSetup, useTwoFactor } from '../api/two-factor';
import { PasskeysSection } from './passkeys-section';
import { useReauthGate } from './reauth-dialog';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { TotpSetupDialog } from './totp-setup-dialog';

/**
 * Page Settings2FA (settings/security/2fa): the authenticator app (TOTP), passkeys and recovery codes. Sign-in asks
 * for a second factor as soon as one of them is on; every change needs the password confirmed first.
 */
export function TwoFactorPage() {
  const userIndex = useUserIndex();
  const { t } = useTranslation(['security', 'common']);
  const status = useTwoFactor(userIndex);
  const me = useMe(userIndex);
  const snackbar = useSnackbar();
  const { guard, dialog } = useReauthGate(userIndex);
  const setUp = useTotpSetup(userIndex);
  const disable = useTotpDisable(userIndex);
  const regenerate = useRegenerateRecoveryCodes(userIndex);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const data = status.data;
  if (!data) {
    if (!status.isError) return <PaneLoader />;
    return (
      <Box sx={{ py: 4 }}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('loadFailed')}</Typography>
        <Button variant="outlined" onClick={() => void status.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Box>
    );
  }
  const startSetup = () => guard(() => setUp.mutate(undefined, { onSuccess: setSetup }));
  return (
    <Box sx={{ maxWidth: 680 }}>
      {me.data?.signedInWith && (
        // Signed in through single sign-on: the provider's sign-in (two-step included) is what guards the account.
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('twoFactorManagedByIdp', { provider: me.data.signedInWith })}
        </Alert>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {data.methods.length > 0 ? t('twoFactor.on') : t('twoFactor.off')}
      </Typography>
      <Box component="section" aria-labelledby="totp-title" sx={{ mb: 4 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <LockClockOutlinedIcon fontSize="small" aria-hidden />
          <Typography id="totp-title" component="h2" variant="h6">
            {t('totp.title')}
          </Typography>
          <Chip
            size="small"
            color={data.totp.enabled ? 'success' : 'default'}
            label={data.totp.enabled ? t('totp.enabled') : t('totp.disabled')}
          />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('totp.help')}
        </Typography>
        {data.totp.enabled ? (
          <Button
            variant="outlined"
            color="error"
            loading={disable.isPending}
            onClick={() =>
              guard(() =>
                disable.mutate(undefined, {
                  onSuccess: () => snackbar.show({ type: 'success', message: t('totp.turnedOff') }),
                }),
              )
            }
          >
            {t('totp.turnOff')}
          </Button>
        ) : (
          <Button variant="contained" loading={setUp.isPending} onClick={startSetup}>
            {t('totp.setUp')}
          </Button>
        )}
      </Box>
      <PasskeysSection
        userIndex={userIndex}
        passkeys={data.webauthn}
        guard={guard}
        onRecoveryCodes={setCodes}
      />
      {data.methods.length > 0 && (
        <Box component="section" aria-labelledby="recovery-title" sx={{ mb: 4 }}>
          <Typography id="recovery-title" component="h2" variant="h6" sx={{ mb: 0.5 }}>
            {t('recovery.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('recovery.left', { count: data.recoveryCodesLeft })}
          </Typography>
          <Button
            variant="outlined"
            loading={regenerate.isPending}
            onClick={() =>
              guard(() => regenerate.mutate(undefined, { onSuccess: (r) => setCodes(r.recoveryCodes) }))
            }
          >
            {t('recovery.regenerate')}
          </Button>
        </Box>
      )}
      <TotpSetupDialog
        userIndex={userIndex}
        setup={setup}
        onClose={() => setSetup(null)}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          snackbar.show({ type: 'success', message: t('totp.turnedOn') });
        }}
        onReauthNeeded={() => {
          setSetup(null);
          startSetup();
        }}
      />
      <RecoveryCodesDialog codes={codes} account={me.data?.email ?? ''} onClose={() => setCodes(null)} />
      {dialog}
    </Box>
  );
}
