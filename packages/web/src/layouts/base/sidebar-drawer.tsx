import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import { layoutSizes } from '../../shared/ui/layout-sizes';
import { PanelResizer } from '../../shared/ui/panel-resizer';

export interface SidebarDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Rendered above the folders in the mobile drawer (it has no app bar above it). */
  mobileHeader: ReactNode;
  /** The permanent sidebar's stored width. */
  width: number;
  /** Keeps a new width (dragged or moved by keys); without it the edge cannot be dragged. */
  onWidthChange?: (width: number) => void;
}

/**
 * The left sidebar: permanent on md and up, with a draggable right edge (256–512 px, double-click for 256), a
 * temporary drawer of 320 px on small screens.
 */
export function SidebarDrawer({
  id,
  open,
  onClose,
  children,
  mobileHeader,
  width,
  onWidthChange,
}: SidebarDrawerProps) {
  const theme = useTheme();
  const { t } = useTranslation('common');
  const permanent = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // While a drag goes on the sidebar follows the pointer; the width is kept when it ends. The width asked for
  // shows until the stored width changes (the store re-renders a moment later): without it the sidebar would
  // snap back to the old width for that moment.
  const [asked, setAsked] = useState<{ width: number; over: number } | null>(null);
  if (asked !== null && asked.over !== width) setAsked(null);
  const shownWidth = asked?.over === width ? asked.width : width;

  if (permanent) {
    return (
      <Box sx={{ position: 'relative', width: shownWidth, flexShrink: 0, display: 'flex' }}>
        <Drawer
          variant="permanent"
          id={id}
          sx={{ width: '100%' }}
          slotProps={{
            paper: {
              sx: {
                position: 'static',
                width: '100%',
                border: 'none',
                bgcolor: 'background.default',
                overflowY: 'auto',
              },
            },
          }}
        >
          {children}
        </Drawer>
        {onWidthChange && (
          // The handle is a control: it too belongs to a landmark.
          <Box role="region" aria-label={t('sidePanel.handle')}>
            <PanelResizer
              value={shownWidth}
              min={layoutSizes.sidePanel.min}
              max={layoutSizes.sidePanel.max}
              defaultValue={layoutSizes.sidePanel.default}
              label={t('sidePanel.resize')}
              onResize={(next, done) => {
                setAsked({ width: next, over: width });
                if (done) onWidthChange(next);
              }}
            />
          </Box>
        )}
      </Box>
    );
  }
  return (
    <Drawer
      variant="temporary"
      id={id}
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: layoutSizes.mobileSidebarWidth, maxWidth: '85vw', borderRadius: '0 16px 16px 0' },
        },
      }}
    >
      {mobileHeader}
      {children}
    </Drawer>
  );
}
