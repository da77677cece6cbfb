import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Navigate } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { useUserDetails } from '../../features/settings/api/get-user-details';
import { useUserIndex } from '../../shared/session/use-user-index';
import { PersonalInfo } from './personal-info';
import { SettingsNav } from './settings-nav';
import { firstSettingsPage, settingsPath } from './settings-pages';

/**
 * Index of /u/:userIndex/settings. On small screens the settings list is the page (personal info block
 * and chevrons); elsewhere the sidebar already lists the pages, so it opens the first one the plan allows.
 */
export function SettingsIndex() {
  const userIndex = useUserIndex();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const me = useMe(userIndex);
  const disabledFeatures = useUserDetails(userIndex).data?.disabledFeatures ?? [];

  if (!small) return <Navigate to={settingsPath(userIndex, firstSettingsPage(disabledFeatures))} replace />;
  return (
    <Box>
      <PersonalInfo user={me.data} />
      <SettingsNav userIndex={userIndex} disabledFeatures={disabledFeatures} variant="page" />
    </Box>
  );
}
