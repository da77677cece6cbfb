import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '../i18n/translation';
import { useConnectivity } from '../network/use-connectivity';
import { NotOnDevice } from './not-on-device';

/** Spinner that fills a pane (list, reading pane) while it loads; offline, what is not on the device says so. */
export function PaneLoader() {
  const { t } = useTranslation('common');
  const online = useConnectivity() === 'online';
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', flex: 1, minHeight: 160, p: online ? 4 : 0 }}>
      {online ? <CircularProgress size={32} aria-label={t('status.loading')} /> : <NotOnDevice />}
    </Box>
  );
}
