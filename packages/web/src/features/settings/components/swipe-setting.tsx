import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { defaultSwipeSettings, swipeActions, type SwipeAction, type SwipeSettings } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useUpdateUserConfig, useUserConfig } from '../api/user-config';
import { settingsFieldWidth } from '../lib/field-width';

const sides = ['left', 'right'] as const;

/**
 * What a touch swipe on a list row does to each side (General page), kept with the account. Saved at once; a failed
 * save leaves the stored choice shown and says so.
 */
export function SwipeSetting({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('settings');
  const snackbar = useSnackbar();
  const config = useUserConfig(userIndex);
  const update = useUpdateUserConfig(userIndex);
  const current: SwipeSettings = update.isPending
    ? (update.variables.swipe ?? defaultSwipeSettings)
    : (config.data?.swipe ?? defaultSwipeSettings);

  const choose = (side: (typeof sides)[number], action: SwipeAction) => {
    if (current[side] === action) return;
    update.mutate(
      { swipe: { ...current, [side]: action } },
      { onError: () => snackbar.show({ type: 'error', message: t('general.swipe.saveFailed') }) },
    );
  };

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <Typography component="legend" sx={{ mb: 0.5, p: 0 }}>
        {t('general.swipe.label')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('general.swipe.help')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, maxWidth: settingsFieldWidth }}>
        {sides.map((side) => (
          <TextField
            key={side}
            select
            label={t(`general.swipe.${side}`)}
            value={current[side]}
            disabled={!config.data}
            onChange={(event) => choose(side, event.target.value as SwipeAction)}
            sx={{ flex: '1 1 160px' }}
          >
            {swipeActions.map((action) => (
              <MenuItem key={action} value={action}>
                {t(`general.swipe.actions.${action}`)}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Box>
    </Box>
  );
}
