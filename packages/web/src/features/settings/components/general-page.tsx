import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { GeneralPreferences } from './general-preferences';
import { LanguageSetting } from './language-setting';
import { SwipeSetting } from './swipe-setting';

export interface GeneralPageProps {
  /**
   * The desktop notifications for new mail, last on the page. They belong to the live events, which sit above
   * settings in the feature graph, so the settings layout hands them in (`layouts/settings/general-settings-page.tsx`).
   */
  notifications?: ReactNode;
}

/**
 * Page General (settings/general): the interface language, the time zone, what follows a move or delete, the
 * keyboard shortcuts and the swipe actions of list rows (kept with the account), then the notifications slot.
 */
export function GeneralPage({ notifications }: GeneralPageProps) {
  const userIndex = useUserIndex();
  return (
    <Box component="section" sx={{ maxWidth: 680 }}>
      <Box sx={{ mb: 4 }}>
        <LanguageSetting userIndex={userIndex} />
      </Box>
      <Box sx={{ mb: 4, display: 'flex', flexDirection: 'column', gap: 4 }}>
        <GeneralPreferences userIndex={userIndex} />
        <SwipeSetting userIndex={userIndex} />
      </Box>
      {notifications}
    </Box>
  );
}
