import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OutgoingAddress } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { fieldErrorTexts, reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useResendVerification, useVerifyOutgoingAddress } from '../api/outgoing-addresses';
import { Tooltip } from '../../../shared/ui/tooltip';

export interface OutgoingAddressRowProps {
  userIndex: number;
  entry: OutgoingAddress;
  onRename: (entry: OutgoingAddress) => void;
  onDelete: (entry: OutgoingAddress) => void;
}

/** One address: its name and state; while unverified, the code field, Verify and Send again. */
export function OutgoingAddressRow({ userIndex, entry, onRename, onDelete }: OutgoingAddressRowProps) {
  const { t } = useTranslation('settings');
  return (
    <ListItem divider sx={{ display: 'block', py: 1.5, px: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {/* At least 220 px for the address: on a phone the state and the buttons go to the next line. */}
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{entry.address}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {entry.name || t('outgoingAddresses.noName')}
          </Typography>
        </Box>
        <Chip
          size="small"
          color={entry.verified ? 'success' : 'warning'}
          variant="outlined"
          label={entry.verified ? t('outgoingAddresses.verified') : t('outgoingAddresses.pending')}
        />
        <Tooltip title={t('outgoingAddresses.rename', { address: entry.address })}>
          <IconButton
            aria-label={t('outgoingAddresses.rename', { address: entry.address })}
            onClick={() => onRename(entry)}
          >
            <EditOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('outgoingAddresses.delete', { address: entry.address })}>
          <IconButton
            aria-label={t('outgoingAddresses.delete', { address: entry.address })}
            onClick={() => onDelete(entry)}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Tooltip>
      </Box>
      {!entry.verified && <VerifyForm userIndex={userIndex} entry={entry} />}
    </ListItem>
  );
}

function VerifyForm({ userIndex, entry }: { userIndex: number; entry: OutgoingAddress }) {
  const { t } = useTranslation('settings');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const verify = useVerifyOutgoingAddress(userIndex);
  const resend = useResendVerification(userIndex);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(t('outgoingAddresses.codeFormat'));
    setError(null);
    // The promise, not mutate's callbacks: this form leaves as soon as the list shows the address verified.
    verify
      .mutateAsync({ id: entry.id, code: code.trim() })
      .then(() =>
        snackbar.show({
          type: 'success',
          message: t('outgoingAddresses.verifiedNow', { address: entry.address }),
        }),
      )
      .catch((e: unknown) =>
        setError(
          fieldErrorTexts(e, tErrors).code?.[0] ??
            reasonText(e, tErrors) ??
            t('outgoingAddresses.verifyFailed'),
        ),
      );
  };

  const sendAgain = () =>
    resend.mutate(entry.id, {
      onSuccess: () =>
        snackbar.show({
          type: 'success',
          message: t('outgoingAddresses.codeSent', { address: entry.address }),
        }),
      onError: (e) =>
        snackbar.show({
          type: 'error',
          message: reasonText(e, tErrors) ?? t('outgoingAddresses.resendFailed'),
        }),
    });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('outgoingAddresses.verifyTitle', { address: entry.address })}
      sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        size="small"
        label={t('outgoingAddresses.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error !== null}
        helperText={error ?? t('outgoingAddresses.codeHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
        sx={{ width: { xs: '100%', sm: 220 } }}
      />
      <Button type="submit" variant="contained" loading={verify.isPending} sx={{ minHeight: 40 }}>
        {t('outgoingAddresses.verify')}
      </Button>
      <Button onClick={sendAgain} loading={resend.isPending} sx={{ minHeight: 40 }}>
        {t('outgoingAddresses.resend')}
      </Button>
    </Box>
  );
}
