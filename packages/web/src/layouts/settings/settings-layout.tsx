import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet } from 'react-router';
import { useTranslation } from '../../shared/i18n/translation';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { useSettingsLocation } from './settings-pages';

/**
 * Route SettingsLayout (/u/:userIndex/settings): the frame of the settings pages in the content pane. Its
 * sidebar is drawn by the base layout, which swaps the folders for it while settings are open. The page title
 * follows the open page; on small screens a page's heading sits in the app bar with a back arrow instead.
 */
export function SettingsLayout() {
  const { t } = useTranslation('settings');
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { page } = useSettingsLocation();
  const title = page ? t(`pages.${page.id}`) : t('title');
  usePageTitle(title);

  return (
    <Box sx={{ flex: 1, minWidth: 0, overflowY: 'auto' }}>
      <Box sx={{ maxWidth: 880, px: { xs: 2, sm: 3, md: 4 }, py: { xs: 2, sm: 3 } }}>
        {!(small && page) && (
          <Typography component="h1" variant="h5" sx={{ mb: 3 }}>
            {title}
          </Typography>
        )}
        <Outlet />
      </Box>
    </Box>
  );
}
