import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isValidEmail, outgoingAddressLimits } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { formErrorsOf } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useAddOutgoingAddress } from '../api/outgoing-addresses';

/** Adds an address: the server mails it a code. What was typed stays when the server refuses it. */
export function OutgoingAddressForm({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('settings');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const add = useAddOutgoingAddress(userIndex);
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ address?: string; name?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!isValidEmail(address.trim())) {
      setErrors({ address: tErrors('fields.invalidEmail') });
      return;
    }
    setErrors({});
    add.mutate(
      { address: address.trim(), name: name.trim() },
      {
        onSuccess: (saved) => {
          setAddress('');
          setName('');
          snackbar.show({
            type: 'success',
            message: t('outgoingAddresses.codeSent', { address: saved.address }),
          });
        },
        onError: (error) => {
          if (!isApiRequestError(error)) return setFormError(t('outgoingAddresses.addFailed'));
          const found = formErrorsOf(error, tErrors, ['address', 'name'] as const, (texts) => texts[0]);
          setErrors(found.fields);
          setFormError(found.form);
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('outgoingAddresses.addTitle')}>
      {formError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: { lg: 'flex-start' } }}>
        <TextField
          label={t('outgoingAddresses.address')}
          type="email"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          required
          error={Boolean(errors.address)}
          helperText={errors.address ?? ' '}
          sx={{ flex: 2 }}
        />
        <TextField
          label={t('outgoingAddresses.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name ?? t('outgoingAddresses.nameHelp')}
          slotProps={{ htmlInput: { maxLength: outgoingAddressLimits.nameMaxLength } }}
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="contained"
          loading={add.isPending}
          sx={{ mt: { lg: 1 }, alignSelf: 'flex-start' }}
        >
          {t('outgoingAddresses.add')}
        </Button>
      </Stack>
    </Box>
  );
}
