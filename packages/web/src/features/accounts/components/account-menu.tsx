import LogoutIcon from '@mui/icons-material/Logout';
import NoAccountsOutlinedIcon from '@mui/icons-material/NoAccountsOutlined';
import PersonAddOutlinedIcon from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { browserWindow } from '../../../shared/browser/browser-window';
import { useTranslation } from '../../../shared/i18n/translation';
import { hasActiveSession, signInPath, userHomePath } from '../../../shared/session/session';
import { useForgetDevice } from '../api/forget-device';
import { useAccounts } from '../api/get-accounts';
import { useRemoveDeviceUser } from '../api/remove-device-user';
import { AccountMenuButton } from './account-menu-button';

export interface AccountMenuProps {
  userIndex: number;
  /** The signed-in user of this index (from /auth/me); undefined while it loads. */
  user: { name: string; email: string } | undefined;
}

/**
 * The account dropdown: the current user's avatar, name and e-mail; the device's other accounts, each opening
 * its own mailbox (a signed-out one asks for its password); add an account (the password sign-in in a new tab, so
 * this tab stays where it is); sign out (device-user logout); sign out of all accounts (device logout).
 */
export function AccountMenu({ userIndex, user }: AccountMenuProps) {
  const { t } = useTranslation('accounts');
  const accounts = useAccounts();
  const removeDeviceUser = useRemoveDeviceUser();
  const forgetDevice = useForgetDevice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = accounts.data?.find((account) => account.uid === userIndex);
  const others = accounts.data?.filter((account) => account.uid !== userIndex) ?? [];
  const name = user?.name || current?.name || '';
  const email = user?.email || current?.email || '';
  const close = () => setAnchor(null);

  return (
    <>
      <AccountMenuButton
        name={name}
        email={email}
        avatar={current?.avatar}
        controls={anchor ? menuId : undefined}
        onOpen={(event) => setAnchor(event.currentTarget)}
      />
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: 340, maxWidth: 'calc(100vw - 16px)', mt: 1, borderRadius: 4 } },
          list: { 'aria-label': t('menu.open') },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            px: 3,
            pt: 2,
            pb: 2.5,
            gap: 1,
          }}
        >
          <UserAvatar name={name} address={email} image={current?.avatar} size={64} />
          <Typography sx={{ fontWeight: 500, fontSize: 17, textAlign: 'center' }}>{name}</Typography>
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere', textAlign: 'center' }}
          >
            {email}
          </Typography>
        </Box>
        <Divider />
        {others.length > 0 && (
          <ListSubheader sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>
            {t('menu.otherAccounts')}
          </ListSubheader>
        )}
        {others.map((account) => {
          const signedIn = hasActiveSession(account.uid);
          return (
            <MenuItem
              key={account.uid}
              component={RouterLink}
              to={signedIn ? userHomePath(account.uid) : signInPath(undefined, account.email)}
              onClick={close}
              sx={{ gap: 1.5, py: 1 }}
            >
              <UserAvatar name={account.name} address={account.email} image={account.avatar} size={32} />
              <ListItemText
                primary={account.name || account.email}
                secondary={signedIn ? account.email : t('menu.signedOutAccount', { email: account.email })}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
            </MenuItem>
          );
        })}
        <MenuItem
          onClick={() => {
            close();
            browserWindow.openInNewTab(signInPath());
          }}
          sx={{ py: 1.25 }}
        >
          <ListItemIcon>
            <PersonAddOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.addAccount')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            removeDeviceUser.mutate(userIndex);
          }}
          sx={{ py: 1.25 }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.logout')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            forgetDevice.mutate('logoutAll');
          }}
          sx={{ py: 1.25 }}
        >
          <ListItemIcon>
            <NoAccountsOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.logoutAll')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
