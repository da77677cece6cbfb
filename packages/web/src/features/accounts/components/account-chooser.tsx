import CloseIcon from '@mui/icons-material/Close';
import NoAccountsOutlinedIcon from '@mui/icons-material/NoAccountsOutlined';
import PersonAddOutlinedIcon from '@mui/icons-material/PersonAddOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { AccountEntry } from '@webmail/contracts';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { useTranslation } from '../../../shared/i18n/translation';
import { hasActiveSession } from '../../../shared/session/session';
import { useForgetDevice } from '../api/forget-device';
import { useRemoveDeviceUser } from '../api/remove-device-user';
import { Tooltip } from '../../../shared/ui/tooltip';

export interface AccountChooserProps {
  accounts: AccountEntry[];
  /** Highlighted and focused account (query `uid`). */
  selectedUid: number | null;
  onChoose: (account: AccountEntry) => void;
  onUseAnother: () => void;
}

const rowSx = { borderRadius: 3, py: 1.25, pl: 1.5 } as const;

/**
 * The accounts this device remembers (route AuthLoginUserSelect): choose one, remove one, use another, or remove
 * them all. A signed-out account (no expiry cookie) says so; choosing it asks for its password.
 */
export function AccountChooser({ accounts, selectedUid, onChoose, onUseAnother }: AccountChooserProps) {
  const { t } = useTranslation('accounts');
  const removeOne = useRemoveDeviceUser();
  const removeAll = useForgetDevice();
  const busy = removeAll.isPending;

  return (
    <Box>
      <List
        aria-label={t('userSelect.listLabel')}
        sx={{ mx: -1.5, display: 'grid', gap: 0.5 }}
        disablePadding
      >
        {accounts.map((account) => {
          const label = account.name || account.email;
          const signedIn = hasActiveSession(account.uid);
          const removing = removeOne.isPending && removeOne.variables === account.uid;
          return (
            <ListItem
              key={account.uid}
              disablePadding
              secondaryAction={
                <Tooltip title={t('userSelect.remove', { name: label })}>
                  <span>
                    <IconButton
                      edge="end"
                      aria-label={t('userSelect.remove', { name: label })}
                      disabled={busy || removing}
                      onClick={() => removeOne.mutate(account.uid)}
                    >
                      {removing ? <CircularProgress size={20} /> : <CloseIcon />}
                    </IconButton>
                  </span>
                </Tooltip>
              }
              sx={{ '& .MuiListItemSecondaryAction-root': { right: 20 } }}
            >
              <ListItemButton
                selected={account.uid === selectedUid}
                autoFocus={account.uid === selectedUid}
                disabled={busy || removing}
                onClick={() => onChoose(account)}
                sx={{ ...rowSx, pr: 8 }}
              >
                <ListItemAvatar sx={{ minWidth: 56 }}>
                  <UserAvatar name={account.name} address={account.email} image={account.avatar} size={40} />
                </ListItemAvatar>
                <ListItemText
                  primary={label}
                  secondary={
                    <>
                      <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                        {account.email}
                      </Box>
                      {!signedIn && (
                        <Box component="span" sx={{ display: 'block', fontSize: 12, mt: 0.25 }}>
                          {t('userSelect.signedOut')}
                        </Box>
                      )}
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: 500 }, noWrap: true } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
        <ListItem disablePadding>
          <ListItemButton onClick={onUseAnother} disabled={busy} sx={rowSx}>
            <ListItemAvatar sx={{ minWidth: 56 }}>
              <Avatar sx={{ width: 40, height: 40, bgcolor: 'action.selected', color: 'text.primary' }}>
                <PersonAddOutlinedIcon aria-hidden />
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={t('userSelect.useAnother')}
              slotProps={{ primary: { sx: { fontWeight: 500 } } }}
            />
          </ListItemButton>
        </ListItem>
      </List>
      <Button
        startIcon={<NoAccountsOutlinedIcon />}
        loading={busy}
        loadingPosition="start"
        onClick={() => removeAll.mutate('removeDeviceUsers')}
        sx={{ mt: 2.5, ml: -1, color: 'text.secondary' }}
      >
        {t('userSelect.removeAll')}
      </Button>
    </Box>
  );
}
