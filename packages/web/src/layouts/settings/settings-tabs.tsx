import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { namespaces } from '../../app/i18n/namespaces';
import { useTranslation } from '../../shared/i18n/translation';
import { appHref, isWithin } from '../../shared/routing/app-paths';
import { useUserIndex } from '../../shared/session/use-user-index';
import type { SettingsPage } from './settings-pages';

/** The pages of a settings area (security: two-factor, application passwords, password, events, content) as tabs. */
export function SettingsTabs({ page }: { page: SettingsPage }) {
  const { t } = useTranslation([...namespaces]);
  const userIndex = useUserIndex();
  const { pathname } = useLocation();
  const tabs = page.tabs ?? [];
  const current = tabs.findIndex((tab) => isWithin(tab.route, pathname));
  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, mx: { xs: -2, sm: 0 } }}>
        <Tabs
          value={current === -1 ? false : current}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t(page.label)}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.route}
              component={RouterLink}
              to={appHref(tab.route, { userIndex })}
              label={t(tab.label)}
              sx={{ textTransform: 'none', minWidth: 0, px: 2 }}
            />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </Box>
  );
}
