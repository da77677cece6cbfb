import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Fab from '@mui/material/Fab';
import { Link as RouterLink, useLocation } from 'react-router';
import { composePath } from '../../features/compose/lib/compose-location';
import { useTranslation } from '../../shared/i18n/translation';
import { composeLinkState } from '../../shared/routing/compose-link-state';
import { snackbarLane } from '../../shared/snackbar/snackbar-lane';

/**
 * Compose on phones: the sidebar (and its Compose button) is a drawer there, so a folder's list carries the floating
 * button phone mail apps have, bottom right above the list. The base layout shows it only on a folder's list — not
 * in a conversation, in settings or while the composer is open. After sending, the composer comes back to the list.
 */
export function ComposeFab({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('compose');
  const location = useLocation();
  return (
    <Fab
      component={RouterLink}
      to={composePath(userIndex)}
      state={composeLinkState(`${location.pathname}${location.search}`)}
      color="primary"
      aria-label={t('button')}
      sx={(theme) => ({
        position: 'fixed',
        right: 16,
        // Above the phone's home indicator, and above the snackbars while one shows (Material's FAB moves up).
        bottom: `calc(16px + env(safe-area-inset-bottom, 0px) + ${snackbarLane})`,
        transition: theme.transitions.create('bottom', { duration: theme.transitions.duration.short }),
        zIndex: theme.zIndex.speedDial,
      })}
    >
      <EditOutlinedIcon />
    </Fab>
  );
}
