import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LoggedInUser } from '@webmail/contracts';
import { UserAvatar } from '../../shared/avatar/user-avatar';

/** The personal info block above the settings list on small screens: avatar, name and address. */
export function PersonalInfo({ user }: { user: LoggedInUser | undefined }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
      <UserAvatar name={user?.name} address={user?.email} />
      <Box sx={{ minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 500 }}>
          {user?.name}
        </Typography>
        <Typography noWrap variant="body2" sx={{ color: 'text.secondary' }}>
          {user?.email}
        </Typography>
      </Box>
    </Box>
  );
}
