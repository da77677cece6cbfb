import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref } from '../../../shared/routing/app-paths';
import { contactQueryOptions } from '../api/get-contact';
import { useGroup } from '../api/get-group';
import { recipientText } from '../lib/contact-form';
import { ContactAvatar, GroupAvatar } from './contact-avatar';
import { layoutSizes } from '../../../shared/ui/layout-sizes';

export interface GroupDetailsDialogProps {
  userIndex: number;
  id: string;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onShowContact: (id: string) => void;
}

/** One group: avatar, name, description, its members; "write e-mail" to all of them. */
export function GroupDetailsDialog({
  userIndex,
  id,
  onClose,
  onEdit,
  onDelete,
  onShowContact,
}: GroupDetailsDialogProps) {
  const { t } = useTranslation('contacts');
  const titleId = useId();
  const group = useGroup(userIndex, id).data;
  const members = useQueries({
    queries: (group?.members ?? []).slice(0, 200).map((m) => contactQueryOptions(userIndex, m)),
  })
    .map((q) => q.data)
    .filter((c) => c !== undefined);
  const to = members
    .filter((m) => m.emails[0])
    .map((m) => recipientText(m.fullName, m.emails[0]!.value))
    .join(', ');

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: layoutSizes.dialogMaxWidth } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {group && <GroupAvatar userIndex={userIndex} group={group} />}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box component="span" sx={{ display: 'block', overflowWrap: 'break-word' }}>
            {group?.name}
          </Box>
          {group && (
            <Typography variant="body2" color="text.secondary">
              {t('groups.members', { count: group.count })}
            </Typography>
          )}
        </Box>
      </DialogTitle>
      <DialogContent>
        {group?.data.description && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>
            {group.data.description}
          </Typography>
        )}
        {group && group.count === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('groups.noMembers')}
          </Typography>
        )}
        <List dense aria-label={t('group.members')}>
          {members.map((m) => (
            <ListItem key={m.id} disablePadding>
              <Button
                onClick={() => onShowContact(m.id)}
                sx={{
                  flex: 1,
                  justifyContent: 'flex-start',
                  textTransform: 'none',
                  color: 'text.primary',
                  gap: 1,
                }}
              >
                <ListItemAvatar sx={{ minWidth: 0 }}>
                  <ContactAvatar userIndex={userIndex} contact={m} size={40} />
                </ListItemAvatar>
                <ListItemText
                  primary={m.fullName || m.emails[0]?.value}
                  secondary={m.fullName ? m.emails[0]?.value : null}
                />
              </Button>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {group && (
          <Box sx={{ mr: 'auto', display: 'flex' }}>
            <IconButton aria-label={t('details.edit')} onClick={onEdit}>
              <EditIcon />
            </IconButton>
            <IconButton aria-label={t('details.delete')} onClick={onDelete}>
              <DeleteIcon />
            </IconButton>
          </Box>
        )}
        <Button onClick={onClose}>{t('details.close')}</Button>
        {to && (
          <Button
            variant="contained"
            startIcon={<MailIcon />}
            component={RouterLink}
            to={appHref('Compose', { userIndex, draftId: null }, { to })}
            onClick={onClose}
          >
            {t('groups.writeEmail')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
