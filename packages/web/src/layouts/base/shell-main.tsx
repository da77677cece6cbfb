import Box from '@mui/material/Box';
import type { UserDetails } from '@webmail/contracts';
import { Outlet } from 'react-router';
import { SnoozeActions } from '../../features/snooze/components/snooze-actions';
import { ComposeFab } from './compose-fab';

/** The main landmark: the routed page, with the snooze actions around it and the compose button of phones. */
export function ShellMain({
  userIndex,
  details,
  showComposeFab,
}: {
  userIndex: number;
  details: UserDetails | undefined;
  showComposeFab: boolean;
}) {
  return (
    <Box
      component="main"
      id="main"
      sx={{
        flex: 1,
        minWidth: 0,
        display: 'flex',
        bgcolor: 'background.paper',
        borderRadius: { md: '16px 16px 0 0' },
        mr: { md: 2 },
        overflow: 'hidden',
      }}
    >
      {/* Snooze needs the server to act with the owner away: not offered where it cannot. */}
      <SnoozeActions
        userIndex={userIndex}
        available={!details?.unavailableFeatures?.some((entry) => entry.feature === 'snooze')}
      >
        <Outlet />
      </SnoozeActions>
      {/* Phones: compose from a folder's list without opening the drawer (not over a conversation or the
          composer). In the main landmark, where the page's content is; it floats, so its place in the page
          does not matter for the eye. */}
      {showComposeFab && <ComposeFab userIndex={userIndex} />}
    </Box>
  );
}
