import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { externalContentModes, ExternalContentMode } from '@webmail/contracts';
import { useId } from 'react';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { PaneLoader } from '../../../shared/ui/pane-loader';
import { useExternalContent } from '../api/get-external-content';
import { useUpdateExternalContentMode } from '../api/update-external-content-mode';
import { ExternalContentSenders } from './external-content-senders';

/**
 * Page ExternalContent (settings/security/content): whether remote images and styles in mail are asked for,
 * always shown (through the image proxy) or never shown, and the senders whose remote content always shows.
 * A choice is saved at once.
 */
export function ExternalContentSettingsPage() {
  const userIndex = useUserIndex();
  const { t } = useTranslation(['settings', 'common']);
  const query = useExternalContent(userIndex);
  const updateMode = useUpdateExternalContentMode(userIndex);
  const snackbar = useSnackbar();
  const legendId = useId();
  const settings = query.data;

  if (!settings) {
    if (!query.isError) return <PaneLoader />;
    return (
      <Box sx={{ py: 4 }}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('externalContent.loadFailed')}</Typography>
        <Button variant="outlined" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Box>
    );
  }

  const choose = (value: string) => {
    const parsed = ExternalContentMode.safeParse(value);
    if (!parsed.success || parsed.data === settings.mode) return;
    updateMode.mutate(parsed.data, {
      onSuccess: () => snackbar.show({ type: 'success', message: t('externalContent.saved') }),
    });
  };

  return (
    <Box component="section" aria-labelledby={`${legendId}-title`} sx={{ maxWidth: 680 }}>
      <Typography id={`${legendId}-title`} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('pages.externalContent')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('externalContent.intro')}
      </Typography>
      <FormControl component="fieldset" sx={{ mb: 4 }}>
        <FormLabel component="legend" id={legendId} sx={{ mb: 1, fontWeight: 500 }}>
          {t('externalContent.modeLabel')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={legendId}
          value={settings.mode}
          onChange={(event) => choose(event.target.value)}
        >
          {externalContentModes.map((mode) => (
            <FormControlLabel
              key={mode}
              value={mode}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.5 } }}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography>{t(`externalContent.modes.${mode}.label`)}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`externalContent.modes.${mode}.help`)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <ExternalContentSenders userIndex={userIndex} senders={settings.senders} />
    </Box>
  );
}
