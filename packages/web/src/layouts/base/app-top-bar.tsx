import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../shared/i18n/translation';
import { BrandLink } from '../../shared/ui/brand-link';
import { tourAnchor } from '../../shared/ui/tour-anchors';

export interface AppTopBarProps {
  /** The current user's base layout; null without an active session, and the logo is then no link. */
  homeHref: string | null;
  /** Shown on small screens only, where the sidebar is a temporary drawer. */
  onOpenSidebar: () => void;
  sidebarOpen: boolean;
  sidebarId: string;
  /** Clicking the logo also closes the mobile sidebar. */
  onLogoClick: () => void;
  account: ReactNode;
  /**
   * The one gear of the header: it opens the quick-settings drawer, whose "All settings" leads to every setting
   * (as Gmail does; two near-identical gears side by side were one too many). Absent without a session.
   */
  quickSettings?: { open: boolean; drawerId: string; onOpen: () => void } | null;
  /** The search bar (the search feature's), between the logo and the gear. */
  search?: ReactNode;
  /**
   * A settings page on a small screen: a back arrow and the page's title take the place of the menu
   * button and the logo.
   */
  back?: { href: string; label: string; title: string } | null;
}

export function AppTopBar({
  homeHref,
  onOpenSidebar,
  sidebarOpen,
  sidebarId,
  onLogoClick,
  account,
  quickSettings,
  back,
  search,
}: AppTopBarProps) {
  const { t } = useTranslation(['common', 'settings']);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [searchOpen, setSearchOpen] = useState(false);
  const searchBox = useRef<HTMLDivElement>(null);
  const phoneSearch = phone && Boolean(search) && !back;
  useEffect(() => {
    if (phoneSearch && searchOpen) searchBox.current?.querySelector('input')?.focus();
  }, [phoneSearch, searchOpen]);

  if (phoneSearch && searchOpen) {
    // On a phone the search takes the whole bar (a field beside two buttons and the avatar had ~150 px).
    return (
      <AppBar position="static" sx={{ bgcolor: 'background.default', backgroundImage: 'none' }}>
        <Toolbar sx={{ gap: 1, px: 1 }}>
          <IconButton onClick={() => setSearchOpen(false)} aria-label={t('layout.closeSearch')}>
            <ArrowBackIcon />
          </IconButton>
          <Box ref={searchBox} sx={{ flex: 1, minWidth: 0, display: 'flex' }}>
            {search}
          </Box>
        </Toolbar>
      </AppBar>
    );
  }

  return (
    <AppBar position="static" sx={{ bgcolor: 'background.default', backgroundImage: 'none' }}>
      <Toolbar sx={{ gap: 1, px: { xs: 1, md: 2 } }}>
        {back ? (
          <>
            <IconButton component={RouterLink} to={back.href} aria-label={back.label}>
              <ArrowBackIcon />
            </IconButton>
            <Typography component="h1" variant="h6" noWrap sx={{ color: 'text.primary', fontWeight: 400 }}>
              {back.title}
            </Typography>
          </>
        ) : (
          <Brand
            homeHref={homeHref}
            onOpenSidebar={onOpenSidebar}
            sidebarOpen={sidebarOpen}
            sidebarId={sidebarId}
            onLogoClick={onLogoClick}
            // On a phone the search bar needs the room: the menu button leads home as well.
            logoFromSm={Boolean(search)}
          />
        )}
        {phoneSearch ? (
          <>
            <Box sx={{ flex: 1 }} />
            <IconButton onClick={() => setSearchOpen(true)} aria-label={t('layout.openSearch')}>
              <SearchIcon />
            </IconButton>
          </>
        ) : search && !back ? (
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: 'center', px: { md: 2 } }}>
            {search}
          </Box>
        ) : (
          <Box sx={{ flex: 1 }} />
        )}
        {quickSettings && (
          <IconButton
            onClick={quickSettings.onOpen}
            aria-label={t('settings:quickSettings.open')}
            aria-haspopup="dialog"
            aria-expanded={quickSettings.open}
            aria-controls={quickSettings.open ? quickSettings.drawerId : undefined}
            {...tourAnchor('quick-settings')}
          >
            <SettingsOutlinedIcon />
          </IconButton>
        )}
        {account}
      </Toolbar>
    </AppBar>
  );
}

type BrandProps = Pick<
  AppTopBarProps,
  'homeHref' | 'onOpenSidebar' | 'sidebarOpen' | 'sidebarId' | 'onLogoClick'
> & { logoFromSm?: boolean };

/** The menu button (small screens) and the logo, linking home. */
function Brand(props: BrandProps) {
  const { homeHref, onOpenSidebar, sidebarOpen, sidebarId, onLogoClick, logoFromSm = false } = props;
  const { t } = useTranslation('common');
  return (
    <>
      <IconButton
        aria-label={t('layout.openSidebar')}
        aria-controls={sidebarId}
        aria-expanded={sidebarOpen}
        onClick={onOpenSidebar}
        sx={{ display: { md: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      <Box sx={{ display: logoFromSm ? { xs: 'none', sm: 'flex' } : 'flex' }}>
        <BrandLink homeHref={homeHref} onClick={onLogoClick} />
      </Box>
    </>
  );
}
