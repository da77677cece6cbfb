import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useNotificationSetting } from '../hooks/use-notification-setting';

/**
 * The switch for desktop notifications of new mail, with a line saying what it does or why it cannot be turned on
 * (blocked for the site, or a browser without notifications). Shown on the settings page General, which gets it
 * from the settings layout.
 */
export function NotificationSetting() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('events');
  const setting = useNotificationSetting(userIndex);
  const helpId = useId();
  const blocked = setting.permission === 'denied' || setting.permission === 'unsupported';

  return (
    <>
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
    </>
  );
}
