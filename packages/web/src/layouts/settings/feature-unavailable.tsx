import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { DisabledFeature } from '@webmail/contracts';
import { UpgradeInfoLabel } from '../../features/upgrade/components/upgrade-info-label';
import { useTranslation } from '../../shared/i18n/translation';
import { useUserIndex } from '../../shared/session/use-user-index';

/**
 * A settings page whose feature the plan disables (a gated feature): it says so instead of its form, with the
 * upgrade-info label leading to the Upgrade page.
 */
export function FeatureUnavailable({ feature }: { feature: DisabledFeature }) {
  const { t } = useTranslation('settings');
  return (
    <Alert severity="info">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {t('unavailable')}
        <UpgradeInfoLabel userIndex={useUserIndex()} feature={feature} />
      </Box>
    </Alert>
  );
}
