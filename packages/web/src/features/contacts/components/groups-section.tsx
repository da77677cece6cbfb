import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/translation';
import { QueryView } from '../../../shared/ui/query-view';
import { useGroups } from '../api/get-groups';
import { GroupAvatar } from './contact-avatar';
import { useContactDialogs } from './contact-dialogs';

/** Groups: each opens its details (members, write to all, edit, delete); a button makes a new one. */
export function GroupsSection({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('contacts');
  const groups = useGroups(userIndex);
  const dialogs = useContactDialogs();
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => dialogs?.newGroup()} sx={{ mb: 2 }}>
        {t('menu.newGroup')}
      </Button>
      <QueryView query={groups} loadFailed={t('panel.loadFailed')} loading={<Skeleton height={56} />}>
        {(list) => (
          <>
            {list.length === 0 && <Typography color="text.secondary">{t('groups.empty')}</Typography>}
            <List aria-label={t('settings.tabs.groups')}>
              {list.map((group) => (
                <ListItemButton key={group.id} divider onClick={() => dialogs?.showGroup(group.id)}>
                  <ListItemAvatar sx={{ mr: 1 }}>
                    <GroupAvatar userIndex={userIndex} group={group} />
                  </ListItemAvatar>
                  <ListItemText
                    primary={group.name}
                    secondary={t('groups.members', { count: group.count })}
                  />
                </ListItemButton>
              ))}
            </List>
          </>
        )}
      </QueryView>
    </Box>
  );
}
