import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { GeneralPreferences } from '../../settings/components/general-preferences';
import { LanguageSetting } from '../../settings/components/language-setting';
import { SwipeSetting } from '../../settings/components/swipe-setting';
import { useNotificationSetting } from '../hooks/use-notification-setting';

/**
 * Page General (settings/general): the interface language, the time zone, what follows a move or delete, the
 * keyboard shortcuts and the swipe actions of list rows (the settings feature's, kept with the account), and the
 * desktop notifications for new mail, which belong to the live events.
 */
export function GeneralSettingsPage() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('events');
  const setting = useNotificationSetting(userIndex);
  const helpId = useId();
  const blocked = setting.permission === 'denied' || setting.permission === 'unsupported';

  return (
    <Box component="section" sx={{ maxWidth: 680 }}>
      <Box sx={{ mb: 4 }}>
        <LanguageSetting userIndex={userIndex} />
      </Box>
      <Box sx={{ mb: 4, display: 'flex', flexDirection: 'column', gap: 4 }}>
        <GeneralPreferences userIndex={userIndex} />
        <SwipeSetting userIndex={userIndex} />
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={setting.enabled}
            disabled={blocked || setting.asking}
            onChange={(event) => void setting.setEnabled(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={<Typography>{t('generalPage.notifications.label')}</Typography>}
      />
      <FormHelperText id={helpId} sx={{ ml: 0, mt: 0.5, fontSize: '0.875rem' }}>
        {setting.permission === 'denied'
          ? t('generalPage.notifications.denied')
          : setting.permission === 'unsupported'
            ? t('generalPage.notifications.unsupported')
            : t('generalPage.notifications.help')}
      </FormHelperText>
    </Box>
  );
}
