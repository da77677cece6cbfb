import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

export interface ListAndReadingPanesProps {
  /** 3-panel: the list beside the reading pane; else one of them fills the content area. */
  sideBySide: boolean;
  /** A message is open (the child route): alone, it takes the list's place. */
  messageOpen: boolean;
  list: ReactNode;
  /** What the reading pane shows beside the list when no message is open. */
  empty: ReactNode;
}

/**
 * A list of messages (a folder's, a search's) and the reading pane. One tree shape for both layouts: when the
 * stored layout arrives after the list (3-panel is the default until then), the list stays mounted instead of
 * starting over.
 */
export function ListAndReadingPanes({ sideBySide, messageOpen, list, empty }: ListAndReadingPanesProps) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex' }}>
      {(sideBySide || !messageOpen) && (
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
            minWidth: 0,
            // Alone (2-panel, phones) the list fills the content area in both directions; without a height of its
            // own the virtual list would measure a zero-height viewport and render no rows.
            flex: sideBySide ? 'none' : 1,
            width: sideBySide ? { md: 400, lg: 460, xl: 500 } : '100%',
            borderRight: sideBySide ? 1 : 0,
            borderColor: 'divider',
          }}
        >
          {list}
        </Box>
      )}
      {(sideBySide || messageOpen) && (
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', overflowY: 'auto' }}>
          {messageOpen ? <Outlet /> : empty}
        </Box>
      )}
    </Box>
  );
}
