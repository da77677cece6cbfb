import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '../i18n/translation';

/** Centered spinner while a route chunk or the catalogue loads. Never suspends itself. */
export function FullPageLoader() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
      <CircularProgress aria-label={t('status.loading')} />
    </Box>
  );
}
