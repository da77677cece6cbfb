import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { limits } from '@webmail/contracts';
import type { ReactNode } from 'react';

/** The sidebar's width on phones and tablets. */
const mobileWidth = 320;

export interface SidebarDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Rendered above the folders in the mobile drawer (it has no app bar above it). */
  mobileHeader: ReactNode;
}

/** The left sidebar: permanent on md and up, a temporary drawer on small screens. */
export function SidebarDrawer({ id, open, onClose, children, mobileHeader }: SidebarDrawerProps) {
  const theme = useTheme();
  const permanent = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });

  if (permanent) {
    return (
      <Drawer
        variant="permanent"
        id={id}
        sx={{ width: limits.sidePanel.default, flexShrink: 0 }}
        slotProps={{
          paper: {
            sx: {
              position: 'static',
              width: limits.sidePanel.default,
              border: 'none',
              bgcolor: 'background.default',
              overflowY: 'auto',
            },
          },
        }}
      >
        {children}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="temporary"
      id={id}
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: mobileWidth, maxWidth: '85vw', borderRadius: '0 16px 16px 0' } } }}
    >
      {mobileHeader}
      {children}
    </Drawer>
  );
}
