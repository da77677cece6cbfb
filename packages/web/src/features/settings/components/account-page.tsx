import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { displayNameLimits, type UserDetails } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { formErrorsOf, reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref } from '../../../shared/routing/app-paths';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { QueryView } from '../../../shared/ui/query-view';
import { StorageUsageBar } from '../../mailboxes/components/storage-usage-bar';
import { useUserDetails } from '../api/get-user-details';
import { useOutgoingAddresses } from '../api/outgoing-addresses';
import { useUpdateUserDetails } from '../api/update-user-details';
import { AccountAvatarSection } from './account-avatar-section';
import { LeaveGuard } from '../../../shared/ui/leave-dialog';

/**
 * Page Account (settings/account): the profile picture, the display name (2 to 30 characters; the From of sent mail
 * and the account menu use it), the e-mail address with the outgoing addresses (their own page below this one) and
 * the storage used.
 */
export function AccountPage() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('settings');
  const details = useUserDetails(userIndex);
  return (
    <QueryView query={details} loadFailed={t('account.loadFailed')}>
      {(data) => <AccountForm userIndex={userIndex} details={data} />}
    </QueryView>
  );
}

function AccountForm({ userIndex, details }: { userIndex: number; details: UserDetails }) {
  const { t } = useTranslation('settings');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const update = useUpdateUserDetails(userIndex);
  // What the user typed; null while untouched, so a name changed elsewhere (another tab) shows as it is.
  const [typed, setName] = useState<string | null>(null);
  const name = typed ?? details.name;
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const check = (value: string): string | null => {
    const length = value.trim().length;
    if (length < displayNameLimits.minLength)
      return t('account.errors.minLength', { min: displayNameLimits.minLength });
    if (length > displayNameLimits.maxLength)
      return t('account.errors.maxLength', { max: displayNameLimits.maxLength });
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check(name);
    setError(problem);
    setFormError(null);
    if (problem) return;
    update.mutate(
      { name: name.trim() },
      {
        onSuccess: () => {
          setName(null);
          snackbar.show({ type: 'success', message: t('account.saved') });
        },
        onError: (e) => {
          if (isApiRequestError(e) && e.status === 422) {
            const errors = formErrorsOf(e, tErrors, ['name'] as const, (texts) => texts[0]);
            setError(errors.fields.name ?? null);
            setFormError(errors.form);
          } else setFormError(reasonText(e, tErrors) ?? t('account.saveFailed'));
        },
      },
    );
  };

  return (
    <Box sx={{ maxWidth: 680, display: 'flex', flexDirection: 'column', gap: 4 }}>
      <LeaveGuard when={typed !== null && typed !== details.name && !update.isPending} />
      <AccountAvatarSection userIndex={userIndex} name={details.name} address={details.address} />
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.nameTitle')}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('account.nameTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('account.nameHelp')}
        </Typography>
        {formError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t('account.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (error) setError(check(event.target.value));
            }}
            required
            error={error !== null}
            helperText={error ?? t('account.nameLimits', displayNameLimits)}
            sx={{ flex: 1, maxWidth: { sm: 360 } }}
          />
          <Button
            type="submit"
            variant="contained"
            loading={update.isPending}
            disabled={name.trim() === details.name}
            sx={{ mt: { sm: 1 }, alignSelf: { xs: 'flex-start', sm: 'flex-start' } }}
          >
            {t('account.save')}
          </Button>
        </Stack>
      </Box>
      <Box>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('account.addressTitle')}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{details.address}</Typography>
      </Box>
      <OutgoingAddressesSummary userIndex={userIndex} />
      {details.quota && details.quota.allowed > 0 && (
        <Box>
          <Typography component="h2" variant="h6">
            {t('account.storageTitle')}
          </Typography>
          <Box sx={{ mx: -2.5 }}>
            <StorageUsageBar quota={details.quota} />
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** How many outgoing addresses there are, and the way to their page. */
function OutgoingAddressesSummary({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('settings');
  const list = useOutgoingAddresses(userIndex);
  const addresses = list.data?.addresses ?? [];
  const verified = addresses.filter((a) => a.verified).length;
  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('outgoingAddresses.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {list.data
          ? t('outgoingAddresses.summary', { count: verified, pending: addresses.length - verified })
          : t('outgoingAddresses.summaryHelp')}
      </Typography>
      <Button component={RouterLink} to={appHref('OutgoingAddresses', { userIndex })} variant="outlined">
        {t('outgoingAddresses.manage')}
      </Button>
    </Box>
  );
}
