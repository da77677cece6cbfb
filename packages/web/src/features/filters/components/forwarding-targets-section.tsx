import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { QueryFallback } from '../../../shared/ui/query-view';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useForwardingTargets } from '../api/filters';
import { validAddresses } from '../lib/address-input';
import { AddressChipsInput } from './address-chips-input';
import { LeaveGuard } from '../../../shared/ui/leave-dialog';

/** The account's forwarding targets: every valid address gets a copy; invalid chips are not saved. */
export function ForwardingTargetsSection() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('filters');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const { query, save } = useForwardingTargets(userIndex);
  const [chips, setChips] = useState<string[] | null>(null);
  const shown = chips ?? query.data?.targets ?? [];
  const valid = validAddresses(shown);
  // The plan switches forwarding off (plan feature `targets`): the server refuses with 403 and the section is hidden.
  if ((isApiRequestError(query.error) && query.error.status === 403) || (!query.data && !query.isError))
    return null;
  return (
    <Box component="section" aria-labelledby="forwarding-heading">
      <LeaveGuard
        when={chips !== null && !save.isPending && valid.join(',') !== (query.data?.targets ?? []).join(',')}
      />
      <Divider sx={{ my: 3 }} />
      <Typography id="forwarding-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('targets.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('targets.intro')}
      </Typography>
      {!query.data ? (
        <QueryFallback query={query} loadFailed={t('loadFailed')} />
      ) : (
        <>
          <AddressChipsInput
            label={t('targets.label')}
            chips={shown}
            disabled={!query.data}
            onChange={setChips}
            error={valid.length < shown.length}
            helperText={valid.length < shown.length ? t('targets.invalidLeftOut') : t('targets.help')}
          />
          <Button
            variant="contained"
            sx={{ mt: 2 }}
            disabled={chips === null || save.isPending}
            onClick={() =>
              save.mutate(
                { targets: valid },
                {
                  onSuccess: (saved) => {
                    setChips(shown.filter((c) => !saved.targets.includes(c)).length > 0 ? shown : null);
                    snackbar.show({ type: 'success', message: t('targets.saved') });
                  },
                  onError: (e) =>
                    snackbar.show({ type: 'error', message: reasonText(e, tErrors) ?? t('saveFailed') }),
                },
              )
            }
          >
            {t('save')}
          </Button>
        </>
      )}
    </Box>
  );
}
