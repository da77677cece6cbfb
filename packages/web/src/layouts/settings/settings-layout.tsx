import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet, useMatch } from 'react-router';
import { appPaths } from '../../shared/routing/app-paths';
import { useUserDetails } from '../../features/settings/api/get-user-details';
import { useTranslation } from '../../shared/i18n/translation';
import { useUserIndex } from '../../shared/session/use-user-index';
import { FeatureUnavailable } from './feature-unavailable';
import { isPageAvailable, useSettingsLocation, useSettingsPageLabel } from './settings-pages';
import { pageHeadingProps } from '../../shared/ui/focus-rule';

/**
 * Route SettingsLayout (/u/:userIndex/settings): the frame of the settings pages in the content pane. Its
 * sidebar is drawn by the base layout, which swaps the folders for it while settings are open. The page title
 * follows the open page; on small screens a page's heading sits in the app bar with a back arrow instead.
 */
export function SettingsLayout() {
  const { t } = useTranslation(['settings', 'upgrade']);
  const pageLabel = useSettingsPageLabel();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { page } = useSettingsLocation();
  const disabledFeatures = useUserDetails(useUserIndex()).data?.disabledFeatures ?? [];
  const upgrade = useMatch(appPaths.Upgrade) !== null;
  const title = page ? pageLabel(page) : upgrade ? t('upgrade:title') : t('title');

  return (
    <Box sx={{ flex: 1, minWidth: 0, overflowY: 'auto' }}>
      <Box sx={{ maxWidth: 880, px: { xs: 2, sm: 3, md: 4 }, py: { xs: 2, sm: 3 } }}>
        {!(small && page) && (
          <Typography component="h1" {...pageHeadingProps} variant="h5" sx={{ mb: 3 }}>
            {title}
          </Typography>
        )}
        {page?.feature && !isPageAvailable(page, disabledFeatures) ? (
          <FeatureUnavailable feature={page.feature} />
        ) : (
          <Outlet />
        )}
      </Box>
    </Box>
  );
}
