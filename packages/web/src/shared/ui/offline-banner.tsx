import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import { useTranslation } from '../i18n/translation';
import { useConnectivity } from '../network/use-connectivity';

/**
 * The offline banner: a full-width strip at the top of a layout while the browser is offline or the server
 * cannot be reached (`shared/network/connectivity.ts`); nothing otherwise. `mail` says that the device's copy
 * is what shows (the mail layouts); `signIn` that signing in waits for the connection. `rounded`: inside a card.
 */
export function OfflineBanner({
  context,
  rounded = false,
}: {
  context: 'mail' | 'signIn';
  rounded?: boolean;
}) {
  const state = useConnectivity();
  const { t } = useTranslation('pwa');
  if (state === 'online') return null;
  return (
    <Alert
      severity="warning"
      // The standard (tinted) alert: white on the filled warning orange is about 3:1, below what text needs.
      variant="standard"
      role="status"
      icon={<CloudOffOutlinedIcon fontSize="inherit" />}
      data-offline-banner={state}
      sx={{
        borderRadius: rounded ? 2 : 0,
        borderBottom: rounded ? 0 : 1,
        borderColor: 'warning.main',
        py: 0,
        flexShrink: 0,
        displayPrint: 'none',
        '& .MuiAlert-message': { py: 0.75 },
      }}
    >
      {t(`offline.${context}.${state}`)}
    </Alert>
  );
}
