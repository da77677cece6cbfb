import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRouteError } from 'react-router';
import { productName } from '@webmail/contracts';
import { useTranslation } from '../shared/i18n/translation';

/** Spec §8 app-level failure: a route failed to load or render; offer a reload. */
export function AppErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation(['errors', 'common'], { useSuspense: false });
  if (error) console.error(error);
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh', p: 2 }}>
      <Alert
        severity="error"
        sx={{ maxWidth: 480 }}
        action={
          <Button color="inherit" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
            {t('common:actions.reload')}
          </Button>
        }
      >
        <AlertTitle>{t('app.title')}</AlertTitle>
        {t('app.loadFailed', { product: productName })}
      </Alert>
    </Box>
  );
}
