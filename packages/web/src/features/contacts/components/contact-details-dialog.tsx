import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref } from '../../../shared/routing/app-paths';
import { useContact } from '../api/get-contact';
import { useGroups } from '../api/get-groups';
import { recipientText } from '../lib/contact-form';
import { ContactAvatar } from './contact-avatar';
import { ContactEmails, ContactPhones } from './contact-details-sections';
import { layoutSizes } from '../../../shared/ui/layout-sizes';
import { QueryFallback } from '../../../shared/ui/query-view';

export interface ContactDetailsDialogProps {
  userIndex: number;
  id: string;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One contact: avatar, name, addresses (each with "write e-mail"), phones, organisation, notes, groups. */
export function ContactDetailsDialog({
  userIndex,
  id,
  onClose,
  onEdit,
  onDelete,
}: ContactDetailsDialogProps) {
  const { t } = useTranslation('contacts');
  const titleId = useId();
  const query = useContact(userIndex, id);
  const { data: contact, isError } = query;
  const groups = useGroups(userIndex).data ?? [];
  const compose = (address: string) =>
    appHref('Compose', { userIndex, draftId: null }, { to: recipientText(contact?.fullName ?? '', address) });

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: layoutSizes.dialogMaxWidth } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {contact ? (
          <ContactAvatar userIndex={userIndex} contact={contact} />
        ) : (
          <Skeleton variant="circular" width={48} height={48} />
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box component="span" sx={{ display: 'block', overflowWrap: 'break-word' }}>
            {contact ? (
              contact.fullName || contact.emails[0]?.value
            ) : isError ? (
              t('details.loadFailed')
            ) : (
              <Skeleton width="60%" />
            )}
          </Box>
          {contact?.organization && (
            <Typography variant="body2" color="text.secondary">
              {contact.organization}
            </Typography>
          )}
        </Box>
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {!contact && isError && <QueryFallback query={query} loadFailed={t('details.loadFailed')} />}
        {contact && contact.emails.length > 0 && (
          <ContactEmails emails={contact.emails} composeHref={compose} onCompose={onClose} />
        )}
        {contact && contact.phones.length > 0 && <ContactPhones phones={contact.phones} />}
        {contact?.notes && (
          <Box component="section">
            <Typography variant="subtitle2">{t('details.notes')}</Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
              {contact.notes}
            </Typography>
          </Box>
        )}
        {contact && contact.groups.length > 0 && (
          <Box component="section">
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('details.groups')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {contact.groups.map((gid) => (
                <Chip key={gid} size="small" label={groups.find((g) => g.id === gid)?.name ?? '…'} />
              ))}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {contact && (
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
        {contact?.emails[0] && (
          <Button
            variant="contained"
            startIcon={<MailIcon />}
            component={RouterLink}
            to={compose(contact.emails[0].value)}
            onClick={onClose}
          >
            {t('details.writeEmail')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
