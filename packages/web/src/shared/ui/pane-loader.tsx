import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '../i18n/translation';

/** Spinner that fills a pane (list, reading pane) while it loads. */
export function PaneLoader() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', flex: 1, minHeight: 160, p: 4 }}>
      <CircularProgress size={32} aria-label={t('status.loading')} />
    </Box>
  );
}
