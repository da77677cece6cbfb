import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { composePath } from '../../features/compose/lib/compose-location';
import { composeLinkState } from '../../shared/routing/compose-link-state';
import { searchHref } from '../../shared/routing/mail-hrefs';
import { userHomePath } from '../../shared/session/session';
import { ShortcutHelpDialog } from '../../shared/ui/shortcut-help-dialog';
import { useShortcuts } from '../../shared/ui/use-shortcuts';

/**
 * The shortcuts of every page of the base layout: `c` compose (coming back to this page once sent), `g i` the
 * Inbox, `g s` the starred messages (the search the "starred" chip makes), `?` the help sheet.
 */
export function AppShortcuts({ userIndex }: { userIndex: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [helpOpen, setHelpOpen] = useState(false);
  useShortcuts({
    compose: () =>
      void navigate(composePath(userIndex), {
        state: composeLinkState(`${location.pathname}${location.search}`),
      }),
    goInbox: () => void navigate(userHomePath(userIndex)),
    // The search of the "starred" chip (there is no starred folder).
    goStarred: () => void navigate(searchHref(userIndex, 'is:starred')),
    help: () => setHelpOpen(true),
  });
  return <ShortcutHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />;
}
