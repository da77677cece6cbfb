import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect, useRef, type RefObject } from 'react';
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
  const bar = useRef<HTMLDivElement>(null);
  useActiveTabInView(bar, current);
  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, mx: { xs: -2, sm: 0 } }}>
        <Tabs
          ref={bar}
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

/**
 * Scrolls a narrow screen's tab row so the active tab is in view, centred where it can be. MUI's own scroll runs
 * before the web font has given the tabs their widths, which left a phone opening the last tab with it off-screen.
 */
function useActiveTabInView(bar: RefObject<HTMLDivElement | null>, current: number) {
  useEffect(() => {
    const reveal = () => {
      const scroller = bar.current?.querySelector<HTMLElement>('.MuiTabs-scroller');
      const tab = scroller?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (!scroller || !tab || scroller.scrollWidth <= scroller.clientWidth) return;
      scroller.scrollLeft = tab.offsetLeft - (scroller.clientWidth - tab.offsetWidth) / 2;
    };
    reveal();
    let live = true;
    void document.fonts?.ready.then(() => live && reveal());
    return () => {
      live = false;
    };
  }, [bar, current]);
}
