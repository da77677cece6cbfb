import Box from '@mui/material/Box';
import type { DisabledFeature } from '@webmail/contracts';
import { useTranslation } from '../../shared/i18n/translation';
import { SettingsNav } from '../settings/settings-nav';
import { BackToInboxButton } from './back-to-inbox-button';

/** The sidebar in settings: back to the inbox, and the list of settings pages. */
export function SettingsSidebar({
  userIndex,
  disabledFeatures,
  onNavigate,
}: {
  userIndex: number;
  disabledFeatures: readonly DisabledFeature[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <Box role="region" aria-label={t('title')}>
      <BackToInboxButton userIndex={userIndex} onNavigate={onNavigate} />
      <SettingsNav
        variant="sidebar"
        userIndex={userIndex}
        disabledFeatures={disabledFeatures}
        onNavigate={onNavigate}
      />
    </Box>
  );
}
