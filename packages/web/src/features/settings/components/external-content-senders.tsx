import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmailAddress, type ExternalContentSender } from '@webmail/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useDateFormat } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useAddExternalContentSender } from '../api/add-external-content-sender';
import { useRemoveExternalContentSender } from '../api/remove-external-content-sender';
import { Tooltip } from '../../../shared/ui/tooltip';

export interface ExternalContentSendersProps {
  userIndex: number;
  senders: ExternalContentSender[];
}

/** The per-sender allow list: add an address (the contract's e-mail check), remove one. */
export function ExternalContentSenders({ userIndex, senders }: ExternalContentSendersProps) {
  const dates = useDateFormat();
  const { t } = useTranslation(['settings', 'errors']);
  const snackbar = useSnackbar();
  const add = useAddExternalContentSender(userIndex);
  const remove = useRemoveExternalContentSender(userIndex);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = EmailAddress.safeParse(address);
    if (!parsed.success) {
      setError(t('errors:validation.invalidEmail'));
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: (sender) => {
        setAddress('');
        snackbar.show({
          type: 'success',
          message: t('externalContent.senderAdded', { address: sender.address }),
        });
      },
    });
  };

  const removeSender = (sender: ExternalContentSender) =>
    remove.mutate(sender.id, {
      onSuccess: () =>
        snackbar.show({
          type: 'success',
          message: t('externalContent.senderRemoved', { address: sender.address }),
        }),
    });

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {t('externalContent.sendersTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('externalContent.sendersHelp')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: 'flex-start',
          mb: 2,
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
        }}
      >
        <TextField
          label={t('externalContent.addressLabel')}
          type="email"
          size="small"
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: 256, autoComplete: 'off' } }}
          sx={{ flex: 1, minWidth: 220 }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={add.isPending}
          sx={{ minHeight: { xs: 48, sm: 40 } }}
        >
          {t('externalContent.add')}
        </Button>
      </Box>
      {senders.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
          {t('externalContent.noSenders')}
        </Typography>
      ) : (
        <List aria-labelledby={headingId} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, py: 0 }}>
          {senders.map((sender, index) => (
            <ListItem
              key={sender.id}
              divider={index < senders.length - 1}
              secondaryAction={
                <Tooltip title={t('externalContent.remove', { address: sender.address })}>
                  <IconButton
                    edge="end"
                    aria-label={t('externalContent.remove', { address: sender.address })}
                    onClick={() => removeSender(sender)}
                    sx={{ width: 48, height: 48 }}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemText
                primary={sender.address}
                secondary={t('externalContent.added', { date: dates.full(sender.created) })}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
