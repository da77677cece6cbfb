import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/translation';

/**
 * In place of a loader while offline: nothing loads then (queries wait for the connection), so it says that this
 * is not on the device and will load when the connection is back (it does, by itself).
 */
export function NotOnDevice() {
  const { t } = useTranslation('pwa');
  return (
    <Box role="status" sx={{ textAlign: 'center', color: 'text.secondary', maxWidth: 320, mx: 'auto', p: 4 }}>
      <CloudOffOutlinedIcon aria-hidden sx={{ fontSize: 40, opacity: 0.6, mb: 1 }} />
      <Typography variant="body2">{t('offline.notSaved')}</Typography>
    </Box>
  );
}
