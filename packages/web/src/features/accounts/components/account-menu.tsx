import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { useTranslation } from '../../../shared/i18n/translation';
import { useAccounts } from '../api/get-accounts';

export interface AccountMenuProps {
  userIndex: number;
  /** The signed-in user of this index (from /auth/me); undefined while it loads. */
  user: { name: string; email: string } | undefined;
  onLogout: () => void;
}

/** Spec §2 account dropdown: current user's avatar, name and e-mail; the other accounts; log out. */
export function AccountMenu({ userIndex, user, onLogout }: AccountMenuProps) {
  const { t } = useTranslation('accounts');
  const accounts = useAccounts();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = accounts.data?.find((account) => account.uid === userIndex);
  const others = accounts.data?.filter((account) => account.uid !== userIndex) ?? [];
  const name = user?.name || current?.name || '';
  const email = user?.email || current?.email || '';
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip
        title={name ? `${name}\n${email}` : t('menu.open')}
        slotProps={{ tooltip: { sx: { whiteSpace: 'pre-line' } } }}
      >
        <IconButton
          aria-label={t('menu.openFor', { name: name || email })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ p: 0.5 }}
        >
          <UserAvatar name={name} address={email} image={current?.avatar} size={36} />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 16px)', mt: 1 } } }}
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
        {others.length > 0 && <Divider />}
        {others.length > 0 && (
          <ListSubheader sx={{ lineHeight: '36px' }}>{t('menu.otherAccounts')}</ListSubheader>
        )}
        {others.map((account) => (
          <MenuItem
            key={account.uid}
            component={RouterLink}
            to={`/u/${account.uid}`}
            onClick={close}
            sx={{ gap: 1.5, py: 1 }}
          >
            <UserAvatar name={account.name} address={account.email} image={account.avatar} size={32} />
            <ListItemText
              primary={account.name || account.email}
              secondary={account.name ? account.email : undefined}
              slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
          sx={{ py: 1.25 }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
