import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatBytes, storagePercent, type Quota } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';

/** The bar turns to the warning colour from this share of the quota. */
const warningPercent = 90;

/**
 * The storage usage bar at the bottom of the folder sidebar: "x of y used" in B, KiB … YiB with two
 * decimals, and the share rounded up, so a nearly full account never reads as having room to spare.
 */
export function StorageUsageBar({ quota }: { quota: Quota }) {
  const { t } = useTranslation('mailboxes');
  const percent = storagePercent(quota.used, quota.allowed);
  const text = t('storage.used', { used: formatBytes(quota.used), allowed: formatBytes(quota.allowed) });

  return (
    <Box sx={{ px: 2.5, py: 1.5 }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 0.75 }}>
        {text}
        <Box component="span" sx={{ float: 'right' }}>
          {t('storage.percent', { percent })}
        </Box>
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= warningPercent ? 'warning' : 'primary'}
        aria-label={t('storage.label')}
        aria-valuetext={t('storage.valueText', { percent, text })}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
